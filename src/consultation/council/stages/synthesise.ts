// The panel's synthesis stage: one model writes the synthesis knowing the opinions, what the council
// did and who was not heard from. An adaptive consultation whose first two agreed already has its synthesis;
// a plan without a synthesis model has none.

import { type CouncilledPanel, councilOf, pendingOf } from "./panel-record.ts";

/** Adds the consultation's synthesis, when it has one. */
export async function synthesisePanel(panel: CouncilledPanel): Promise<CouncilledPanel> {
  const { opening } = panel;
  const synthesis =
    opening.adaptive?.path === "cheap"
      ? opening.firstSynthesis
      : panel.fitted.plan.synthesis.length > 0
        ? await panel.means.synthesisOf(panel.opinions, councilOf(panel), pendingOf(panel))
        : undefined;
  return synthesis ? { ...panel, synthesis } : panel;
}
