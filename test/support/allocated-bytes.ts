// The bytes a piece of code allocates, on V8's own books: its heap before and after every collection
// while the code runs. Copying a text allocates its length, so this counts the characters a piece of
// code copies (a rope flattened, a text split or cleaned whole), whatever the machine's speed: a test of
// the work done, not of a time.

import { GCProfiler, getHeapStatistics } from "node:v8";

const usedHeap = () => getHeapStatistics().used_heap_size;

/** Runs `work` and resolves with what it returned and the bytes allocated meanwhile. */
export async function allocatedBytes<T>(work: () => T | Promise<T>): Promise<{ result: T; bytes: number }> {
  const profiler = new GCProfiler();
  const start = usedHeap();
  profiler.start();
  let end = start;
  let collections: NonNullable<ReturnType<GCProfiler["stop"]>>["statistics"] = [];
  let result: T;
  try {
    result = await work();
  } finally {
    end = usedHeap();
    collections = profiler.stop()?.statistics ?? [];
  }
  let bytes = 0;
  let previous = start;
  for (const collection of collections) {
    bytes += Math.max(0, collection.beforeGC.heapStatistics.usedHeapSize - previous);
    previous = collection.afterGC.heapStatistics.usedHeapSize;
  }
  return { result, bytes: bytes + Math.max(0, end - previous) };
}
