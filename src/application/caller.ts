// Who is calling a use case. Front ends build a caller only from a verified identity; without one
// the caller is the one local user, never an id the client made up.

import { localOwner } from "../store/store.ts";

/** A verified caller. `userId` owns what the caller creates. */
export interface Caller {
  userId: string;
}

/** The one local user: stdio, and HTTP without accounts. */
export const localCaller: Caller = Object.freeze({ userId: localOwner });
