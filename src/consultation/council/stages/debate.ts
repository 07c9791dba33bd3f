// The panel's debate stage: with more than one round asked for, the models that answered in time read
// each other's answers and answer again (debate.ts); their final answers replace their first.

import { debate } from "../debate.ts";
import type { CouncilledPanel, SettledPanel } from "./panel-turn.ts";

/** Debates the turn's opinions for its rounds; without a second round, the turn as it was. */
export async function debatePanel(turn: SettledPanel): Promise<CouncilledPanel> {
  const { rounds, stances, services } = turn.setup;
  if (rounds <= 1) return turn;
  const { policy, onEvent, stream } = turn.means;
  const debated = await debate(
    turn.question,
    turn.history,
    turn.opinions,
    turn.present.map(({ entry }) => ({ entry, stance: stances?.[entry.name] })),
    rounds,
    { createModel: services.createModel, policy, onEvent, stream },
  );
  return {
    ...turn,
    opinions: debated.final,
    ...(debated.rounds.length > 1 ? { rounds: debated.rounds } : {}),
  };
}
