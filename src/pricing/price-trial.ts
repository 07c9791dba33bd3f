// Tries price data before keeping it: the data is put in use, and every model in use must keep a price
// (a finite, non-negative cost) if it had one, and must not cost less than a tenth of what it costs in
// the data bundled with the package (or, for a model the bundled data does not price, in the data in
// use before), for input or for output. A file of zeros, or of prices like 1e-300, would make every model
// free: every estimate $0, and `maxCostUsd`, the daily budgets and the cost question with nothing to
// hold. If a model fails, the data in use before comes back and the new data is refused, naming it.

import { costOf, type PricedModel } from "./price-data.ts";
import { PriceFileError } from "./price-file-check.ts";
import { bundledPriceProviders, installPriceProviders, priceProvidersInUse } from "./price-generation.ts";
import { priceProviderIds } from "./price-provider-ids.ts";

/** How many times cheaper than the bundled data a model may become before new data is refused. */
export const maxPriceDrop = 10;

/** A million tokens of input alone, and of output alone: what a model's prices are compared on. */
const samples = {
  input: { inputTokens: 1_000_000, outputTokens: 0 },
  output: { inputTokens: 0, outputTokens: 1_000_000 },
} as const;

type Side = keyof typeof samples;
type Costs = Record<Side, number | undefined>;

/**
 * Puts checked `providers` in use if every model of `inUse` keeps its price and no price falls past
 * the floor; else puts the data in use before back and throws PriceFileError naming the model.
 */
export function adoptPricesIfTheyHold(providers: unknown[], inUse: readonly PricedModel[]): void {
  const previous = priceProvidersInUse(Object.values(priceProviderIds));
  const current = inUse.map(costsOf);
  installPriceProviders(bundledPriceProviders());
  const bundled = inUse.map(costsOf);
  installPriceProviders(providers);
  const problem = inUse
    .map((model, index) => problemOf(model, current[index] as Costs, bundled[index] as Costs))
    .find((found) => found !== undefined);
  if (problem !== undefined) {
    installPriceProviders(previous);
    throw new PriceFileError(problem);
  }
}

/** What is wrong with `model`'s price in the data now in use, if anything. */
function problemOf(model: PricedModel, current: Costs, bundled: Costs): string | undefined {
  const now = costsOf(model);
  const name = `${model.provider} model "${model.modelId}"`;
  for (const side of ["input", "output"] as const) {
    const before = current[side];
    const after = now[side];
    if (before !== undefined && after === undefined) {
      return `it has no usable price for ${name}, which is in use`;
    }
    const measure = bundled[side] ?? before;
    if (measure === undefined || after === undefined || after * maxPriceDrop >= measure) continue;
    const against = bundled[side] !== undefined ? "the bundled data" : "the data in use";
    return `it prices ${name}, which is in use, at ${usd(after)} per million ${side} tokens, more than ${maxPriceDrop} times below the ${usd(measure)} of ${against}`;
  }
  return undefined;
}

function costsOf(model: PricedModel): Costs {
  return { input: costSafely(model, samples.input), output: costSafely(model, samples.output) };
}

function costSafely(model: PricedModel, usage: (typeof samples)[Side]): number | undefined {
  try {
    const cost = costOf(model, usage);
    return cost !== undefined && Number.isFinite(cost) && cost >= 0 ? cost : undefined;
  } catch {
    return undefined;
  }
}

function usd(amount: number): string {
  return `$${Number(amount.toPrecision(3))}`;
}
