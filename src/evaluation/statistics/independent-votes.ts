// How many independent votes a panel is worth. Models that make the same mistakes are not independent
// witnesses: Kish's effective count n_eff = n² / Σᵢⱼ ρᵢⱼ (ρᵢᵢ = 1) turns their pairwise error
// correlation into a number of votes, n when they err independently and 1 when they err together.
// A pair's ρ is measured as the phi coefficient of the two models' wrong/right outcomes on the same
// questions of the user's own eval runs (negative correlations count as 0); a pair never measured
// takes a prior from the two models' families.

import type { IndependentVotes } from "../../contract/claims.ts";

/**
 * The prior error correlation of two models of one family. Kim et al. ("Correlated Errors in Large
 * Language Models", ICML 2025): when two models both err they give the same wrong answer about 60%
 * of the time, and most of all within one family; 0.6 is taken as the correlation of kin.
 */
export const sameFamilyCorrelation = 0.6;

/**
 * The prior error correlation of two models of different families: the same field's finding that nine
 * frontier judges carry about two independent votes, solved for ρ in n² / (n + n(n−1)ρ) = 2 with
 * n = 9, gives ρ ≈ 0.44; rounded down to 0.4, below the within-family prior.
 */
export const otherFamilyCorrelation = 0.4;

/** A pair of models measured in eval runs: ρ, the questions both answered, and the runs they came from. */
export interface MeasuredPair {
  correlation: number;
  questions: number;
  runs: string[];
}

/**
 * The phi coefficient of two models' wrong (true) / right (false) outcomes on the same questions, or
 * undefined when either model was always right or always wrong there (the correlation is not defined).
 */
export function phiCoefficient(outcomes: readonly (readonly [boolean, boolean])[]): number | undefined {
  let bothWrong = 0;
  let onlyFirst = 0;
  let onlySecond = 0;
  let bothRight = 0;
  for (const [first, second] of outcomes) {
    if (first && second) bothWrong += 1;
    else if (first) onlyFirst += 1;
    else if (second) onlySecond += 1;
    else bothRight += 1;
  }
  const spread =
    (bothWrong + onlyFirst) * (onlySecond + bothRight) * (bothWrong + onlySecond) * (onlyFirst + bothRight);
  if (spread === 0) return undefined;
  return (bothWrong * bothRight - onlyFirst * onlySecond) / Math.sqrt(spread);
}

/** Kish's effective count of `count` voters whose pairwise correlation is `correlation(i, j)` (i < j). */
export function effectiveCount(count: number, correlation: (i: number, j: number) => number): number {
  if (count === 0) return 0;
  let sum = count;
  for (let i = 0; i < count; i += 1) {
    for (let j = i + 1; j < count; j += 1) sum += 2 * Math.max(0, Math.min(1, correlation(i, j)));
  }
  return (count * count) / sum;
}

/** The key of an unordered pair of models. */
export function pairKey(first: string, second: string): string {
  return [first, second].sort().join("\u0000");
}

/**
 * How many independent votes `models` are worth: each pair measured in `measured` (by pairKey) uses its
 * correlation, any other the family prior (`familyOf` gives each model's family id).
 */
export function independentVotesOf(
  models: readonly string[],
  measured: ReadonlyMap<string, MeasuredPair>,
  familyOf: (model: string) => string,
): IndependentVotes {
  const pairs: IndependentVotes["pairs"] = [];
  const matrix = new Map<string, number>();
  for (const [i, first] of models.entries()) {
    for (const second of models.slice(i + 1)) {
      const pair = measured.get(pairKey(first, second));
      const correlation = pair
        ? Math.max(0, pair.correlation)
        : familyOf(first) === familyOf(second)
          ? sameFamilyCorrelation
          : otherFamilyCorrelation;
      matrix.set(pairKey(first, second), correlation);
      pairs.push({
        models: [first, second],
        correlation: Math.round(correlation * 100) / 100,
        ...(pair
          ? { source: "eval" as const, questions: pair.questions, runs: pair.runs }
          : { source: "families" as const }),
      });
    }
  }
  const value = effectiveCount(
    models.length,
    (i, j) => matrix.get(pairKey(models[i] ?? "", models[j] ?? "")) ?? 0,
  );
  const runs = new Set(pairs.flatMap((pair) => pair.runs ?? []));
  const measuredPairs = pairs.filter((pair) => pair.source === "eval").length;
  return {
    value: Math.round(value * 10) / 10,
    models: models.length,
    source: measuredPairs === 0 ? "families" : measuredPairs === pairs.length ? "eval" : "mixed",
    runs: runs.size,
    pairs,
  };
}
