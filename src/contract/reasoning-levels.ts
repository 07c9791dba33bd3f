// How hard a reasoning model may be asked to think. A plain list, without zod, so the configuration,
// the input and result schemas, the terminal and the web page (which bundles it) share one spelling.

/** How hard a reasoning model thinks before it answers; `off` turns thinking off where the vendor allows. */
export const reasoningLevels = ["off", "low", "medium", "high"] as const;

/** One of {@link reasoningLevels}. */
export type ReasoningLevel = (typeof reasoningLevels)[number];
