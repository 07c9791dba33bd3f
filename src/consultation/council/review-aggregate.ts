// How the council review's rankings become one: each reviewer ranks the answers twice, in swapped
// orders; how far its two rankings agree is its consistency (the share of answer pairs both order
// alike, Kendall's tau rescaled to 0..1), and its weight is tau itself, at least 0: a reviewer whose
// rankings agree no more than chance (consistency 0.5 or less, as a reviewer that always prefers the
// first answer shown) counts for nothing and is flagged. The aggregate is a Borda count over both
// rankings of every reviewer, weighted; when no reviewer has weight, all count alike (their two orders
// still balance each position).

import type { CouncilReview, PeerReview } from "../../contract/opinions.ts";

type Ranking = readonly { model: string }[];

/**
 * The share of pairs of answers that `first` and `second` (the same answers, best first) put in the
 * same order; undefined when there is no pair (fewer than two answers).
 */
export function consistencyOf(first: Ranking, second: Ranking): number | undefined {
  const place = new Map(second.map((entry, index) => [entry.model, index]));
  let pairs = 0;
  let concordant = 0;
  for (let better = 0; better < first.length; better += 1) {
    for (let worse = better + 1; worse < first.length; worse += 1) {
      const a = place.get(first[better]?.model ?? "");
      const b = place.get(first[worse]?.model ?? "");
      if (a === undefined || b === undefined) continue;
      pairs += 1;
      if (a < b) concordant += 1;
    }
  }
  return pairs === 0 ? undefined : Math.round((concordant / pairs) * 1000) / 1000;
}

/** What a reviewer of `consistency` counts for: Kendall's tau (2c − 1), at least 0; 1 with no pair. */
export function weightOf(consistency: number | undefined): number {
  if (consistency === undefined) return 1;
  return Math.max(0, Math.round((2 * consistency - 1) * 1000) / 1000);
}

/**
 * Borda count over the usable reviews: in a ranking of k answers, the p-th (from 1) earns k - p
 * points, averaged over the reviewer's rankings and multiplied by its weight (1 when it has none). A
 * reviewer of weight 0 is left out, unless every reviewer has weight 0. Best first by points, then by
 * mean rank (over the rankings counted), then by name.
 */
export function bordaCount(reviews: readonly PeerReview[]): CouncilReview["ranking"] {
  const usable = reviews.filter((review) => !review.error);
  const weighted = usable.map((review) => ({ review, weight: review.weight ?? 1 }));
  const counted = weighted.some((entry) => entry.weight > 0)
    ? weighted.filter((entry) => entry.weight > 0)
    : weighted.map((entry) => ({ ...entry, weight: 1 }));
  const totals = new Map<string, { points: number; ranks: number[]; reviews: number }>();
  for (const { review, weight } of counted) {
    const rankings = [review.ranking, ...(review.secondRanking ? [review.secondRanking] : [])];
    const seen = new Set<string>();
    for (const ranking of rankings) {
      ranking.forEach((place, index) => {
        const total = totals.get(place.model) ?? { points: 0, ranks: [], reviews: 0 };
        total.points += (weight * (ranking.length - index - 1)) / rankings.length;
        total.ranks.push(index + 1);
        if (!seen.has(place.model)) total.reviews += 1;
        seen.add(place.model);
        totals.set(place.model, total);
      });
    }
  }
  return [...totals.entries()]
    .map(([model, total]) => ({
      model,
      points: Math.round(total.points * 100) / 100,
      meanRank:
        Math.round((total.ranks.reduce((sum, rank) => sum + rank, 0) / total.ranks.length) * 100) / 100,
      reviews: total.reviews,
    }))
    .sort((a, b) => b.points - a.points || a.meanRank - b.meanRank || a.model.localeCompare(b.model));
}
