// The panel's review stage: when asked for, every model that answered in time ranks the others'
// answers anonymously (council-review.ts), for the synthesis and the caller to see.

import { reviewAnswers } from "../council-review.ts";
import type { CouncilledPanel } from "./panel-record.ts";

/** Adds the council review to the turn when its choice asks for one. */
export async function reviewPanel(panel: CouncilledPanel): Promise<CouncilledPanel> {
  if (!panel.setup.choice.review) return panel;
  const entries = new Map(panel.present.map(({ entry }) => [entry.name, entry] as const));
  const review = await reviewAnswers(panel.question, panel.opinions, entries, panel.means);
  return { ...panel, review };
}
