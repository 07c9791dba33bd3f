// The errors every port and backend may raise about the database itself: it cannot be opened (at
// start), or it cannot take a call now (while serving).

import { ServiceError } from "../contract/service-error.ts";

/** A database that cannot be opened; the message says which, why, and what to do. */
export class StoreOpenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreOpenError";
  }
}

/**
 * The store cannot take a call now (locked by another program for too long, read-only, its file
 * removed or replaced, its server or Redis gone); the message says which and what to do. Reads may
 * still work. Its code, `store_unavailable`, tells clients to try again later.
 */
export class StoreUnavailableError extends ServiceError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("store_unavailable", message);
    this.name = "StoreUnavailableError";
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
