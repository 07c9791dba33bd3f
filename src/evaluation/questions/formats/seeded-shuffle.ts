// A shuffle that is the same every time for the same seed and key: a question set whose format lists the
// right answer first (GPQA) is laid out in an order that hides it, and a rerun, or another machine, lays
// it out again in the same order. The numbers come from SHA-256 of the seed, the key and a counter.

import { createHash } from "node:crypto";

/** A copy of `items` in an order fixed by `seed` and `key` (Fisher-Yates). */
export function seededShuffle<Item>(items: readonly Item[], seed: string, key: string): Item[] {
  const next = seededIntegers(`${seed}\u0000${key}`);
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = next() % (index + 1);
    [copy[index], copy[other]] = [copy[other] as Item, copy[index] as Item];
  }
  return copy;
}

/** Unsigned 32-bit integers from `seed`: eight from each SHA-256 digest of the seed and a counter. */
function seededIntegers(seed: string): () => number {
  let counter = 0;
  let digest = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset === digest.length) {
      digest = createHash("sha256").update(`${seed}\u0000${counter}`).digest();
      counter += 1;
      offset = 0;
    }
    const value = digest.readUInt32BE(offset);
    offset += 4;
    return value;
  };
}
