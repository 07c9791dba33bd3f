// The idempotency port: what a call sent with an idempotency key left behind. Its entry (the turn it
// produced) is written by the conversations port in the turn's own transaction; while the call runs,
// a claim on the key tells a duplicate arriving on another node to wait instead of running too.
// Every method takes the owner: another owner's key is a different key.

/** What an idempotency key remembers about the turn it first produced. */
export interface IdempotencyEntry {
  userId: string;
  key: string;
  /** Which use case wrote the turn, e.g. "second-opinion". */
  tool: string;
  /** Hash of the call's arguments: the same key with other arguments is refused by the caller. */
  fingerprint: string;
  conversationId: string;
  conversationCreated: boolean;
  userMessageId: string;
  assistantMessageId: string;
  createdAt: string;
}

/** Raised when an idempotency key is already stored for this owner (a concurrent duplicate). */
export class IdempotencyConflictError extends Error {
  constructor(key: string) {
    super(`Idempotency key ${key} was already used.`);
    this.name = "IdempotencyConflictError";
  }
}

/** Idempotency entries and the claims of calls still running. */
export interface IdempotencyStore {
  /** The entry the owner's key left, or undefined (also when it was deleted with its conversation). */
  find(owner: string, key: string): Promise<IdempotencyEntry | undefined>;
  /**
   * Claims the owner's key for `holder` while its call runs. True when the claim is `holder`'s: it was
   * free, already `holder`'s, or last renewed before `staleBefore` (its holder died). Renewing is
   * claiming again. Times are ISO-8601 strings in UTC.
   */
  claim(owner: string, key: string, holder: string, now: string, staleBefore: string): Promise<boolean>;
  /** Gives up `holder`'s claim on the key (after the call stored its turn, or failed); another's stays. */
  release(owner: string, key: string, holder: string): Promise<void>;
}
