// At most so many calls to one agent CLI at once: a subscription has its own rate limits, and each call
// is a process of its own. Calls past the limit wait their turn, in order; a cancelled one leaves the queue.

/** Runs calls at most `limit` at once. */
export interface ConcurrencyLimit {
  run<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

const limits = new Map<string, ConcurrencyLimit>();

/** The limit of the CLI `name` (one per name in this process), at `limit` calls at once. */
export function concurrencyLimit(name: string, limit: number): ConcurrencyLimit {
  const key = `${name}:${limit}`;
  let found = limits.get(key);
  if (!found) {
    found = createConcurrencyLimit(limit);
    limits.set(key, found);
  }
  return found;
}

/** A new limit of `limit` calls at once. */
export function createConcurrencyLimit(limit: number): ConcurrencyLimit {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(call, signal) {
      // A call that waits is handed the slot of the one that ends, so none can take it in between.
      if (active < limit) active += 1;
      else await turn(waiting, signal);
      try {
        return await call();
      } finally {
        const handedOver = waiting.shift();
        if (handedOver) handedOver();
        else active -= 1;
      }
    },
  };
}

/** Resolves when a running call ends and it is this one's turn; rejects when `signal` aborts first. */
function turn(waiting: (() => void)[], signal: AbortSignal | undefined): Promise<void> {
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const go = () => {
      signal?.removeEventListener("abort", leave);
      resolve();
    };
    const leave = () => {
      const at = waiting.indexOf(go);
      if (at >= 0) waiting.splice(at, 1);
      reject(signal?.reason);
    };
    waiting.push(go);
    signal?.addEventListener("abort", leave, { once: true });
  });
}
