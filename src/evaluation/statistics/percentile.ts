// Percentiles of latencies by the nearest-rank definition: the p-th percentile of n values is the value at
// rank ⌈p/100 · n⌉ (1-based) in ascending order, so it is always a latency that was measured, never a blend
// of two. For 20 values p50 is the 10th smallest and p95 the 19th.

/** The p-th percentile (0 < p ≤ 100) of `values` by nearest rank; undefined when there are none. */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (!(p > 0 && p <= 100)) throw new RangeError(`a percentile lies above 0 and up to 100, not ${p}`);
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((one, other) => one - other);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.max(rank, 1) - 1];
}
