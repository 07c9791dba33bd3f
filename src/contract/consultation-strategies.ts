// How a consultation asks its panel: all at once (`full`), or two cheap models of different families
// first and the rest only when those two disagree (`adaptive`). Plain values, without zod, so the input
// schema, the config file's panels, the terminal and the web page share one spelling, and one sentence
// saying which path an adaptive consultation took.

/** The ways a consultation asks its models. */
export const consultationStrategies = ["full", "adaptive"] as const;

/** One of {@link consultationStrategies}. */
export type ConsultationStrategy = (typeof consultationStrategies)[number];

/** The agreement score (0 to 1) at which the first two models of an adaptive consultation settle it. */
export const defaultAdaptiveAgreement = 0.8;

/** The path an adaptive consultation took, as its result's `adaptive` holds it. */
interface AdaptivePath {
  path: "cheap" | "escalated" | "full";
  reason: string;
  firstModels: readonly string[];
}

/** One sentence on the path an adaptive consultation took and why, as every front end shows it. */
export function describeAdaptivePath(adaptive: AdaptivePath): string {
  const first = adaptive.firstModels.join(" and ");
  if (adaptive.path === "cheap") return `Adaptive: answered by ${first} alone (${adaptive.reason}).`;
  if (adaptive.path === "escalated")
    return `Adaptive: ${first} did not settle it (${adaptive.reason}), so the whole panel was asked.`;
  return `Adaptive: the whole panel was asked at once (${adaptive.reason}).`;
}
