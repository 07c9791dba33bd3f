// Runs work on a list with at most `workers` items at once, in order, each taken only while `proceed`
// says so: a run that must stop (its cost cap reached) finishes what it started and takes nothing new.

/** Calls `work` on each item, `workers` at a time; the first error stops taking items and is thrown. */
export async function eachWithWorkers<Item>(
  items: readonly Item[],
  workers: number,
  work: (item: Item) => Promise<void>,
  proceed: () => boolean = () => true,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && proceed() && next < items.length) {
      const item = items[next] as Item;
      next += 1;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(workers, items.length)) }, worker));
  if (failure) throw failure.error;
}
