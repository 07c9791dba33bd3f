// What `strategy: "auto"` chose for a question and the evidence it chose from: the user's own eval runs,
// each strategy's accuracy and cost on the questions of the closest category. Written once here, so the
// result, the terminal, the compact text and the page say it in the same words.

import { z } from "zod";

/** The eval strategies `auto` picks among, as a consultation can run them. */
export const autoStrategies = ["best-single", "adaptive", "council"] as const;

/** One run's line of evidence: a strategy's accuracy and mean cost per answer on the category's questions. */
export const strategyEvidence = z.object({
  run: z.string(),
  strategy: z.enum(autoStrategies),
  /** Graded answers of this strategy in the category, in this run. */
  answers: z.number().int().min(0),
  accuracy: z.number().min(0).max(1),
  /** Mean cost of one answer, in USD. */
  costUsd: z.number().min(0),
});
export type StrategyEvidence = z.infer<typeof strategyEvidence>;

/** What `strategy: "auto"` chose, why, and from which runs. */
export const strategyChoice = z
  .object({
    /** The strategy asked; `panel-default` when there was no evidence to choose from. */
    chosen: z.enum([...autoStrategies, "panel-default"]),
    /** The model asked alone, with `best-single`. */
    model: z.string().optional(),
    /** The eval category the question is closest to; null when none is near (every question counted). */
    category: z.string().nullable(),
    reason: z.string(),
    evidence: z.array(strategyEvidence),
  })
  .meta({ id: "strategyChoice" });
export type StrategyChoice = z.infer<typeof strategyChoice>;

/** One line on the choice, as every front end shows it. */
export function describeStrategyChoice(choice: StrategyChoice): string {
  const runs = new Set(choice.evidence.map((line) => line.run)).size;
  const chosen =
    choice.chosen === "best-single" && choice.model ? `one model (${choice.model})` : choice.chosen;
  const from = runs > 0 ? ` from ${runs} eval run${runs === 1 ? "" : "s"}` : "";
  return `Strategy auto: ${chosen}${from}: ${choice.reason}.`;
}
