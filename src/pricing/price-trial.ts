// Tries price data before keeping it: the data is put in use, every model in use that had a price
// must still have one (a finite, non-negative cost), and if any has not, the data in use before comes
// back and the new data is refused with the model it failed on.

import { costOf, type PricedModel } from "./price-data.ts";
import { PriceFileError } from "./price-file-check.ts";
import { installPriceProviders, priceProvidersInUse } from "./price-generation.ts";
import { priceProviderIds } from "./price-provider-ids.ts";

/** A usage that every priced model charges for. */
const sample = { inputTokens: 1000, outputTokens: 1000 };

/** Puts checked `providers` in use if every priced model of `inUse` stays priced; else throws PriceFileError. */
export function adoptPricesIfTheyHold(providers: unknown[], inUse: readonly PricedModel[]): void {
  const previous = priceProvidersInUse(Object.values(priceProviderIds));
  const priced = inUse.filter((model) => costSafely(model) !== undefined);
  installPriceProviders(providers);
  const lost = priced.find((model) => costSafely(model) === undefined);
  if (lost) {
    installPriceProviders(previous);
    throw new PriceFileError(
      `it has no usable price for ${lost.provider} model "${lost.modelId}", which is in use`,
    );
  }
}

function costSafely(model: PricedModel): number | undefined {
  try {
    const cost = costOf(model, sample);
    return cost !== undefined && Number.isFinite(cost) && cost >= 0 ? cost : undefined;
  } catch {
    return undefined;
  }
}
