// The panel's review stage: when asked for, every model that answered in time ranks the others'
// answers anonymously (council-review.ts), for the synthesis and the caller to see.

import { reviewAnswers } from "../council-review.ts";
import type { CouncilledPanel } from "./panel-turn.ts";

/** Adds the council review to the turn when its choice asks for one. */
export async function reviewPanel(turn: CouncilledPanel): Promise<CouncilledPanel> {
  if (!turn.setup.choice.review) return turn;
  const entries = new Map(turn.present.map(({ entry }) => [entry.name, entry] as const));
  const review = await reviewAnswers(
    turn.question,
    turn.opinions,
    entries,
    turn.setup.services.createModel,
    turn.means.policy,
    turn.means.onEvent,
  );
  return { ...turn, review };
}
