// Model prices, context windows and deprecations from the maintained price database
// (@pydantic/genai-prices): the cost of a call, tiers, cached input, reasoning and search fees
// included. A model the data does not price has no cost here unless the operator set its prices in
// the config file; then that simple per-token price is used.

import type { ModelInfo, ModelPrice, Provider, TieredPrices } from "@pydantic/genai-prices";
import { priceDataGeneration } from "./price-generation.ts";
import { pricePackage } from "./price-package.ts";
import { applyPlan, type PlanUsage, type PriceSchedule, planAt, priceSchedule } from "./price-plan.ts";
import { priceProviderIds } from "./price-provider-ids.ts";

export { priceProviderIds };

/** What a call used, as the provider reported it. Input counts include cached input. */
export interface PriceableUsage {
  inputTokens: number;
  outputTokens: number;
  /** Part of inputTokens read from the provider's cache. */
  cacheReadTokens?: number | undefined;
  /** Part of inputTokens written to the provider's cache. */
  cacheWriteTokens?: number | undefined;
  /** Part of outputTokens spent on reasoning. */
  reasoningTokens?: number | undefined;
  /** Web searches the provider ran for the call. */
  webSearches?: number | undefined;
}

/** The model being priced: its vendor, the vendor's id, and the operator's own prices if any. */
export interface PricedModel {
  provider: string;
  modelId: string;
  /** USD per million input tokens set in the config file; wins over the price data. */
  inputPricePerMillion?: number | undefined;
  outputPricePerMillion?: number | undefined;
}

/** The list prices of a model, as a person reads them: the base tier, and whether tiers exist. */
export interface ListPrice {
  inputPerMillion: number;
  outputPerMillion: number;
  cachedInputPerMillion?: number;
  /** USD per 1,000 web searches, when the vendor charges for them. */
  webSearchPerThousand?: number;
  /** USD per 1,000 requests, when the vendor charges per request (Perplexity). */
  requestPerThousand?: number;
  /** Above this many input tokens every price is higher (long-context tier). */
  tierAboveInputTokens?: number;
  /** Where the price comes from. */
  source: "price-data" | "config";
}

/** What the price data says of a model. */
export interface ModelFacts {
  contextWindow?: number;
  deprecated: boolean;
  /** The price in force now; absent when neither the data nor the config prices the model. */
  price?: ListPrice;
}

/**
 * The USD cost of `usage` on `model` at `at` (default now), or undefined when the model has no price.
 * Tiers, cached input, reasoning and search fees follow the price data.
 */
export function costOf(model: PricedModel, usage: PriceableUsage, at: Date = new Date()): number | undefined {
  if (isConfigured(model)) {
    return round(
      (usage.inputTokens * model.inputPricePerMillion + usage.outputTokens * model.outputPricePerMillion) /
        1e6,
    );
  }
  const found = lookUp(model);
  if (!found) return undefined;
  const reported = reportedUsage(usage);
  const plan =
    found.schedule && !Number.isNaN(at.getTime()) ? planAt(found.schedule, at.getTime()) : undefined;
  const planned = plan && applyPlan(plan, reported);
  if (planned !== undefined) return round(planned);
  const result = pricePackage().calcPrice(reported, model.modelId, {
    provider: found.provider,
    timestamp: at,
  });
  return result ? round(result.total_price) : undefined;
}

/** What the price data (or the config) says of `model` at `at` (default now). */
export function modelFacts(model: PricedModel, at: Date = new Date()): ModelFacts {
  const info = lookUp(model)?.info;
  const configured = isConfigured(model)
    ? {
        inputPerMillion: model.inputPricePerMillion,
        outputPerMillion: model.outputPricePerMillion,
        source: "config" as const,
      }
    : undefined;
  const price = configured ?? (info ? listPriceOf(pricesAt(info, at)) : undefined);
  return {
    ...(info?.context_window ? { contextWindow: info.context_window } : {}),
    deprecated: info?.deprecated === true,
    ...(price ? { price } : {}),
  };
}

/**
 * Whether `model` has a price at `at` (default now), as `modelFacts(model, at).price` would say, without
 * building the facts: a consultation asks it of every model it plans with.
 */
export function hasPrice(model: PricedModel, at: Date = new Date()): boolean {
  if (isConfigured(model)) return true;
  const info = lookUp(model)?.info;
  if (!info) return false;
  const prices = pricesAt(info, at);
  return baseOf(prices.input_mtok) !== undefined && baseOf(prices.output_mtok) !== undefined;
}

/** Whether the config file prices `model` (both its input and output price are set). */
function isConfigured(
  model: PricedModel,
): model is PricedModel & { inputPricePerMillion: number; outputPricePerMillion: number } {
  return model.inputPricePerMillion !== undefined && model.outputPricePerMillion !== undefined;
}

/** Look-ups of this generation of the price data, by provider and model id. */
const found = new Map<string, FoundModel | null>();
let foundGeneration = -1;

/**
 * A model the price data knows: its entry, a one-model provider that prices it exactly as the whole
 * data would (calcPrice scans every model of a provider; a consultation prices many calls), and its
 * prices compiled (src/pricing/price-plan.ts) when the model matched as a call's would.
 */
interface FoundModel {
  info: ModelInfo;
  provider: Provider;
  schedule: PriceSchedule | undefined;
}

/** The price data's entry for `model`, looked up once per generation of the data. */
function lookUp(model: PricedModel): FoundModel | undefined {
  const providerId = priceProviderIds[model.provider];
  if (!providerId) return undefined;
  if (foundGeneration !== priceDataGeneration()) {
    found.clear();
    foundGeneration = priceDataGeneration();
  }
  const key = `${providerId}\u0000${model.modelId}`;
  let entry = found.get(key);
  if (entry === undefined) {
    // A zero usage prices nothing but finds the model exactly as a real calculation would.
    const { calcPrice, findProvider } = pricePackage();
    const result = calcPrice({ input_tokens: 0, output_tokens: 0 }, model.modelId, { providerId });
    const info =
      result?.model ??
      findProvider({ providerId })?.models.find((candidate) => candidate.id === model.modelId);
    const provider = result?.provider ?? findProvider({ providerId });
    const schedule = result?.model ? priceSchedule(result.model, result.provider) : undefined;
    entry = info && provider ? { info, provider: { ...provider, models: [info] }, schedule } : null;
    found.set(key, entry);
  }
  return entry ?? undefined;
}

function pricesAt(info: ModelInfo, at: Date): ModelPrice {
  if (!Array.isArray(info.prices)) return info.prices;
  let chosen: ModelPrice = info.prices[0]?.prices ?? {};
  for (const conditional of info.prices) {
    const constraint = conditional.constraint;
    if (!constraint || (constraint.type === "start_date" && at >= new Date(constraint.start_date))) {
      chosen = conditional.prices;
    }
  }
  return chosen;
}

function listPriceOf(prices: ModelPrice): ListPrice | undefined {
  const input = baseOf(prices.input_mtok);
  const output = baseOf(prices.output_mtok);
  if (input === undefined || output === undefined) return undefined;
  const cached = baseOf(prices.cache_read_mtok);
  const tier = [prices.input_mtok, prices.output_mtok]
    .map((price) => (isTiered(price) ? price.tiers[0]?.start : undefined))
    .find((start) => start !== undefined);
  return {
    inputPerMillion: input,
    outputPerMillion: output,
    ...(cached !== undefined ? { cachedInputPerMillion: cached } : {}),
    ...(prices.web_searches_kcount !== undefined
      ? { webSearchPerThousand: baseOf(prices.web_searches_kcount) ?? 0 }
      : {}),
    ...(prices.requests_kcount !== undefined
      ? { requestPerThousand: baseOf(prices.requests_kcount) ?? 0 }
      : {}),
    ...(tier !== undefined ? { tierAboveInputTokens: tier } : {}),
    source: "price-data",
  };
}

function baseOf(price: ModelPrice[string]): number | undefined {
  if (typeof price === "number") return price;
  return isTiered(price) ? price.base : undefined;
}

function isTiered(price: ModelPrice[string]): price is TieredPrices {
  return (
    price instanceof pricePackage().TieredPrices ||
    (typeof price === "object" && price !== null && "tiers" in price)
  );
}

/** Our usage in the price database's terms: input and output are totals, the rest are parts of them. */
function reportedUsage(usage: PriceableUsage): PlanUsage {
  const input = Math.max(0, usage.inputTokens);
  const cacheRead = Math.min(input, Math.max(0, usage.cacheReadTokens ?? 0));
  const cacheWrite = Math.min(input - cacheRead, Math.max(0, usage.cacheWriteTokens ?? 0));
  const output = Math.max(0, usage.outputTokens);
  return {
    input_tokens: input,
    output_tokens: output,
    ...(cacheRead > 0 ? { cache_read_tokens: cacheRead } : {}),
    ...(cacheWrite > 0 ? { cache_write_tokens: cacheWrite } : {}),
    ...(usage.reasoningTokens ? { output_reasoning_tokens: Math.min(output, usage.reasoningTokens) } : {}),
    ...(usage.webSearches ? { web_searches: usage.webSearches } : {}),
  };
}

function round(usd: number): number {
  return Math.round(usd * 1e8) / 1e8;
}
