// The checks a fetched (or kept) price data file must pass before it is used or saved: the shape the
// price package reads, every price a finite, non-negative and plausible number, and every vendor this
// program prices present. A file that fails is refused whole and the data in use stays.

import { isRecord } from "../contract/json-record.ts";
import { priceProviderIds } from "./price-provider-ids.ts";

/** The most a price may be, in USD per million tokens (or per thousand searches or requests). */
export const maxPlausiblePrice = 10_000;

/** A price data file that cannot be used, with why. */
export class PriceFileError extends Error {
  override name = "PriceFileError";
}

/**
 * Checks `data` as a genai-prices data file (a list of providers, each with its models and their
 * prices) and returns it as that list; throws PriceFileError naming the first problem found.
 */
export function checkPriceFile(data: unknown): unknown[] {
  if (!Array.isArray(data)) throw new PriceFileError("it is not a list of providers");
  const seen = new Set<string>();
  for (const [index, provider] of data.entries()) {
    const where = `provider ${index + 1}`;
    if (!isRecord(provider) || typeof provider.id !== "string")
      throw new PriceFileError(`${where} has no id`);
    if (!Array.isArray(provider.models) || provider.models.length === 0) {
      throw new PriceFileError(`provider "${provider.id}" has no list of models`);
    }
    seen.add(provider.id);
    for (const model of provider.models) checkModel(provider.id, model);
  }
  const missing = Object.values(priceProviderIds).filter((id) => !seen.has(id));
  if (missing.length > 0) {
    throw new PriceFileError(
      `it leaves out ${missing.map((id) => `"${id}"`).join(", ")}, so their models would have no price`,
    );
  }
  return data;
}

function checkModel(providerId: string, model: unknown): void {
  if (!isRecord(model) || typeof model.id !== "string") {
    throw new PriceFileError(`a model of "${providerId}" has no id`);
  }
  const where = `"${providerId}" model "${model.id.slice(0, 80)}"`;
  const prices = model.prices;
  const variants = Array.isArray(prices)
    ? prices.map((conditional) => (isRecord(conditional) ? conditional.prices : undefined))
    : [prices];
  if (variants.length === 0) throw new PriceFileError(`${where} has no prices`);
  for (const variant of variants) {
    if (!isRecord(variant)) throw new PriceFileError(`${where} has prices that are not an object`);
    for (const [field, price] of Object.entries(variant)) checkPrice(`${where} ${field}`, price);
  }
}

/** A price is a number, or tiers: a base and a list of `{ start, price }`. */
function checkPrice(where: string, price: unknown): void {
  if (typeof price === "number") {
    if (!Number.isFinite(price) || price < 0) throw new PriceFileError(`${where} is ${price}, not a price`);
    if (price > maxPlausiblePrice) {
      throw new PriceFileError(`${where} is ${price}, more than the plausible ${maxPlausiblePrice}`);
    }
    return;
  }
  if (!isRecord(price) || !Array.isArray(price.tiers)) {
    throw new PriceFileError(`${where} is ${JSON.stringify(price)?.slice(0, 40)}, not a price`);
  }
  checkPrice(`${where} base`, price.base);
  for (const tier of price.tiers) {
    if (!isRecord(tier) || typeof tier.start !== "number" || !(tier.start >= 0)) {
      throw new PriceFileError(`${where} has a tier without a start`);
    }
    checkPrice(`${where} tier`, tier.price);
  }
}
