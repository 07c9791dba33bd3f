// The panel's debate stage: with more than one round asked for, the models that answered in time read
// each other's answers and answer again (debate.ts); their final answers replace their first.

import { debate } from "../debate.ts";
import type { CouncilledPanel, SettledPanel } from "./panel-record.ts";

/** Debates the consultation's opinions for its rounds; without a second round, the consultation as it was. */
export async function debatePanel(panel: SettledPanel): Promise<CouncilledPanel> {
  const { rounds, stances } = panel.setup;
  if (rounds <= 1) return panel;
  const debated = await debate(
    panel.question,
    panel.history,
    panel.opinions,
    panel.present.map(({ entry }) => ({ entry, stance: stances?.[entry.name] })),
    rounds,
    panel.means,
  );
  return {
    ...panel,
    opinions: debated.final,
    ...(debated.rounds.length > 1 ? { rounds: debated.rounds } : {}),
  };
}
