// Starts the servers a test needs at once without losing any: with `Promise.all`, when one start fails
// the others that did start are never handed back, so nothing can stop them, and they keep the test
// file's process (and the whole run) waiting.

/** Something a test starts and must stop: a server process, the provider simulator, a store. */
export type Stoppable = { stop(): Promise<void> } | { close(): Promise<void> };

/** Stops `service` by whichever of `stop` or `close` it has. */
export function stopService(service: Stoppable): Promise<void> {
  return "stop" in service ? service.stop() : service.close();
}

/**
 * Waits for every start, like `Promise.all`; when any fails, first stops the ones that started, then
 * throws the failure (all of them, in one error, when several failed).
 */
export async function startTogether<const T extends readonly Promise<Stoppable>[]>(
  starts: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(starts);
  const failures = settled.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
  if (failures.length === 0)
    return settled.map((outcome) => (outcome as PromiseFulfilledResult<Stoppable>).value) as {
      -readonly [K in keyof T]: Awaited<T[K]>;
    };
  await Promise.all(
    settled.map((outcome) =>
      outcome.status === "fulfilled" ? stopService(outcome.value).catch(() => {}) : undefined,
    ),
  );
  if (failures.length === 1) throw failures[0];
  throw new AggregateError(failures, failures.map((failure) => (failure as Error).message).join("\n"));
}
