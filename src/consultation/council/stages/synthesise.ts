// The panel's synthesis stage: one model writes the synthesis knowing the opinions, what the council
// did and who was not heard from. An adaptive turn whose first two agreed already has its synthesis;
// a plan without a synthesis model has none.

import { type CouncilledPanel, councilOf, pendingOf } from "./panel-turn.ts";

/** Adds the turn's synthesis, when it has one. */
export async function synthesisePanel(turn: CouncilledPanel): Promise<CouncilledPanel> {
  const { opening } = turn;
  const synthesis =
    opening.adaptive?.path === "cheap"
      ? opening.firstSynthesis
      : turn.fitted.plan.synthesis.length > 0
        ? await turn.means.synthesisOf(turn.opinions, councilOf(turn), pendingOf(turn))
        : undefined;
  return synthesis ? { ...turn, synthesis } : turn;
}
