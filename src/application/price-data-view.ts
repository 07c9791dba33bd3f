// What a caller is told of the program's own set-up: the price data's source and date are everyone's;
// the host prices are refreshed from, why a refresh failed, and where each provider key was read are the
// operator's, shown to the machine's own user (the local tier) alone, never to the users of a server with
// accounts. Every front door (the `models` tool, the web page's /api/models, /health, the terminal) asks
// here, so the rule holds on each.

import type { PriceDataInfo } from "../contract/models.ts";
import { priceDataInfo } from "../pricing/price-source.ts";
import { type Caller, localTier } from "./caller.ts";

/** Whether `caller` is the machine's own user, who may see where keys and prices come from. */
export function seesOperatorDetails(caller: Caller): boolean {
  return caller.tier === localTier;
}

/** The price data in use as `caller` may see it: without the refresh's host and error but for the operator. */
export function priceDataFor(caller: Caller): PriceDataInfo {
  const data = priceDataInfo();
  if (seesOperatorDetails(caller)) return data;
  const { refreshHost: _host, refreshError: _error, ...shown } = data;
  return shown;
}
