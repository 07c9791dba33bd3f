// What every log line of one HTTP request carries: its request id and, once known, the user.

import { AsyncLocalStorage } from "node:async_hooks";

/** The context of the request being served. */
export interface RequestContext {
  requestId: string;
  userId?: string;
}

/** Holds the context of the request whose code is running. */
export const requestContext = new AsyncLocalStorage<RequestContext>();
