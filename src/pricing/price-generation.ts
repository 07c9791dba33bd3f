// Which price data the price package holds now: each swap of the data counts a generation, so look-ups
// cached under an earlier one are made again. Every swap goes through here, so the data bundled with the
// package is kept aside at the first one, as the measure other data is tried against (price-trial.ts).

import { pricePackage } from "./price-package.ts";
import { priceProviderIds } from "./price-provider-ids.ts";

let generation = 0;
let bundled: unknown[] | undefined;

/** Changes each time other price data comes into use, so look-ups made before are made again. */
export function priceDataGeneration(): number {
  return generation;
}

/** Puts `providers` (a checked genai-prices data file) in use for every price from now on. */
export function installPriceProviders(providers: unknown[]): void {
  bundled ??= priceProvidersInUse(Object.values(priceProviderIds));
  pricePackage().updatePrices(({ setProviderData }) => setProviderData(providers as never));
  generation += 1;
}

/** The providers in use now for `providerIds`, to go back to if other data proves unusable. */
export function priceProvidersInUse(providerIds: readonly string[]): unknown[] {
  const { findProvider } = pricePackage();
  return providerIds.flatMap((providerId) => findProvider({ providerId }) ?? []);
}

/** The bundled data of every vendor this program prices, whatever data is in use now. */
export function bundledPriceProviders(): unknown[] {
  return bundled ?? priceProvidersInUse(Object.values(priceProviderIds));
}
