// Who is calling a use case. Front ends build a caller only from a verified identity; without one
// the caller is the one local user, never an id the client made up.

import { localOwner } from "../store/store.ts";

/** A verified caller. `userId` owns what the caller creates; `tier` names what the caller may do. */
export interface Caller {
  userId: string;
  tier: string;
}

/** The tier of the one local user. */
export const localTier = "local";

/** The one local user: stdio, and HTTP without accounts. */
export const localCaller: Caller = Object.freeze({ userId: localOwner, tier: localTier });
