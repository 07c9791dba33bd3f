// A share of successes with its 95% Wilson score interval, the interval used for every rate of an
// evaluation (accuracy, win rate, fix and break rates). Unlike the normal approximation p ± z·√(p(1−p)/n),
// Wilson's interval stays within 0 to 1 and is not empty at 0 or n successes. With p = s/n and z = 1.96:
//   centre    = (p + z²/2n) / (1 + z²/n)
//   half-width = z / (1 + z²/n) · √(p(1−p)/n + z²/4n²)
// and the interval is centre ± half-width.

/** The z of a two-sided 95% interval. */
export const z95 = 1.96;

/** A rate with its 95% interval. */
export interface Proportion {
  successes: number;
  trials: number;
  /** successes / trials. */
  rate: number;
  low: number;
  high: number;
}

/**
 * `successes` out of `trials` with its 95% Wilson interval; undefined when there are no trials. Successes
 * may be fractional (a tie counted as half a win).
 */
export function proportion(successes: number, trials: number): Proportion | undefined {
  if (trials <= 0) return undefined;
  if (successes < 0 || successes > trials) {
    throw new RangeError(`successes (${successes}) must lie between 0 and trials (${trials})`);
  }
  const rate = successes / trials;
  const zSquared = z95 * z95;
  const denominator = 1 + zSquared / trials;
  const centre = (rate + zSquared / (2 * trials)) / denominator;
  const halfWidth =
    (z95 / denominator) * Math.sqrt((rate * (1 - rate)) / trials + zSquared / (4 * trials * trials));
  return {
    successes,
    trials,
    rate,
    low: Math.max(0, centre - halfWidth),
    high: Math.min(1, centre + halfWidth),
  };
}
