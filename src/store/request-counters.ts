// The request-counters port: how many requests each user made in a window (the last hour, the last
// day), counted where every process and node sees the same count: the database (SQLite or
// PostgreSQL) or, when one is configured, Redis. Counts survive restarts. A count that cannot be made
// there is never made anywhere else (counting per process would let each process admit the whole
// limit): the call fails with StoreUnavailableError, and the caller refuses the request.
// Backends: sqlite/request-counters.ts, postgres/request-counters.ts, redis/request-counters.ts.

/** A counting window: its name (part of each count's key, so windows count apart) and its length. */
export interface CounterWindow {
  name: string;
  seconds: number;
}

/** Whether a request was counted; when not, how long until the window's count starts again. */
export type CountOutcome = { counted: true } | { counted: false; msBeforeReset: number };

/** A window's count of one user. */
export interface WindowCount {
  /** Requests counted in the window; refused ones may be counted too, so it can pass the limit. */
  used: number;
  /** Milliseconds until the window's count starts again; negative when it never does. */
  msBeforeReset: number;
}

/** Request counts per user and window. Every method throws StoreUnavailableError when it cannot count. */
export interface RequestCounterStore {
  /** Where the counts are kept, for messages: "the database", "the PostgreSQL database", ... */
  readonly location: string;
  /**
   * Counts one request of `key` in `window`, in one atomic step, when fewer than `limit` are counted
   * there; otherwise refuses it. Requests counted at once anywhere never pass `limit` together.
   */
  count(key: string, window: CounterWindow, limit: number): Promise<CountOutcome>;
  /** Takes back one request counted in `window` (a later window refused the request). */
  uncount(key: string, window: CounterWindow): Promise<void>;
  /** `key`'s count in `window`; undefined when nothing is counted there now. */
  read(key: string, window: CounterWindow): Promise<WindowCount | undefined>;
}

/**
 * Counters made at their first use: `load` brings the backend's limiter code (rate-limiter-flexible),
 * which a start that counts nothing (a stdio server answering `initialize`, `--version`) never loads.
 */
export function countersAtFirstUse(
  location: string,
  load: (location: string) => Promise<RequestCounterStore>,
): RequestCounterStore {
  let loaded: Promise<RequestCounterStore> | undefined;
  const counters = () => {
    loaded ??= load(location);
    return loaded;
  };
  return {
    location,
    count: async (key, window, limit) => (await counters()).count(key, window, limit),
    uncount: async (key, window) => (await counters()).uncount(key, window),
    read: async (key, window) => (await counters()).read(key, window),
  };
}
