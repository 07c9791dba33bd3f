// How many independent votes the models that answered a consultation are worth, from how often they made
// the same mistake in the owner's own eval runs (the newest runs, read from the store), else from their
// families; added to the synthesis's assessment before the turn is stored. History that cannot be read
// leaves every pair to the family prior: the consultation never fails for it.

import { familyOf } from "../consultation/index.ts";
import type { IndependentVotes } from "../contract/claims.ts";
import type { SecondOpinion } from "../contract/opinions.ts";
import type { RunEvidence } from "../evaluation/choice/strategy-choice.ts";
import { measuredCorrelations } from "../evaluation/statistics/error-correlation.ts";
import { independentVotesOf } from "../evaluation/statistics/independent-votes.ts";
import type { ModelEntry } from "../providers/model-entry.ts";
import type { EvaluationStore } from "../store/evaluations.ts";

/** The newest eval runs read for the correlations. */
const runsRead = 20;

/**
 * The owner's newest eval runs with their questions, results and best model; none when they cannot be
 * read. `strategy: "auto"` chooses from the same runs (auto-strategy.ts).
 */
export async function evaluationHistory(store: EvaluationStore, owner: string): Promise<RunEvidence[]> {
  try {
    const runs = await store.listRuns(owner, runsRead);
    return await Promise.all(
      runs.map(async (run) => ({
        runId: run.id,
        bestModel: run.bestModel,
        questions: await store.readQuestions(owner, run.id),
        results: await store.readResults(owner, run.id),
      })),
    );
  } catch {
    return [];
  }
}

/** The independent votes of `models` for `owner`; `entries` give each model's family. */
export async function panelIndependence(
  store: EvaluationStore,
  owner: string,
  models: readonly string[],
  entries: readonly Pick<ModelEntry, "name" | "provider" | "modelId" | "displayName">[],
): Promise<IndependentVotes> {
  const measured = measuredCorrelations(models, await evaluationHistory(store, owner));
  const family = (model: string) => {
    const entry = entries.find((candidate) => candidate.name === model);
    return entry ? familyOf(entry).id : `model:${model}`;
  };
  return independentVotesOf(models, measured, family);
}

/** `answer` with the independent votes of the models its synthesis is based on, when it has an assessment. */
export async function withIndependentVotes(
  answer: SecondOpinion,
  store: EvaluationStore,
  owner: string,
  entries: readonly ModelEntry[],
): Promise<SecondOpinion> {
  const { synthesis } = answer;
  if (!synthesis?.assessment || synthesis.basedOn.length < 2) return answer;
  const independentVotes = await panelIndependence(store, owner, synthesis.basedOn, entries);
  return {
    ...answer,
    synthesis: { ...synthesis, assessment: { ...synthesis.assessment, independentVotes } },
  };
}
