// Which price data the price package holds now: each swap of the data counts a generation, so look-ups
// cached under an earlier one are made again. Every swap goes through here.

import { pricePackage } from "./price-package.ts";

let generation = 0;

/** Changes each time other price data comes into use, so look-ups made before are made again. */
export function priceDataGeneration(): number {
  return generation;
}

/** Puts `providers` (a checked genai-prices data file) in use for every price from now on. */
export function installPriceProviders(providers: unknown[]): void {
  pricePackage().updatePrices(({ setProviderData }) => setProviderData(providers as never));
  generation += 1;
}

/** The providers in use now for `providerIds`, to go back to if other data proves unusable. */
export function priceProvidersInUse(providerIds: readonly string[]): unknown[] {
  const { findProvider } = pricePackage();
  return providerIds.flatMap((providerId) => findProvider({ providerId }) ?? []);
}
