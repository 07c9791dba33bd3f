// The price database's provider id for each provider kind this program reaches: how a vendor is found
// in the price data, and which vendors a price data file must have. Each vendor's spec names its id.

import { vendorSpecs } from "../providers/vendors.ts";

/** The price database's provider id for each provider kind the product reaches; others have none. */
export const priceProviderIds: Record<string, string> = Object.fromEntries(
  vendorSpecs.flatMap((spec) => (spec.priceProviderId ? [[spec.id, spec.priceProviderId]] : [])),
);
