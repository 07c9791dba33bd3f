// How much of a consultation `agent.second_opinion` answers with. Agent CLIs (Claude Code, Codex) give
// their model the structured result as JSON rather than the text block, and file away or cut a long
// one, keeping its head: so by default ("compact") the result says the totals, the assessment and the
// synthesis first, then every opinion once. The stored message and its metadata, which repeat every
// opinion, are left to `conversation.get-history` or to `detail: "full"`. Both forms satisfy the seed
// schema, and JSON keeps the order the properties are written in here.

import type { SecondOpinionOutput, SecondOpinionResult } from "./consultation-results.ts";
import type { DebateRound, ModelOpinion, Synthesis } from "./opinions.ts";

/** How much a consultation's result carries: "compact" (the default) or "full". */
export const resultDetails = ["compact", "full"] as const;
export type ResultDetail = (typeof resultDetails)[number];

/** `result` in the compact form: the summary, the assessment and the synthesis first, each opinion once. */
export function compactSecondOpinion(result: SecondOpinionResult): SecondOpinionOutput {
  const {
    summary,
    synthesis,
    conversationId,
    conversationCreated,
    conversationTitle,
    primary,
    secondaryOpinions,
    rounds,
    assistantMessage: _message,
    metadata: _metadata,
    ...rest
  } = result;
  const finals = [primary, ...secondaryOpinions];
  const assessment = synthesis?.assessment;
  return {
    summary,
    ...(assessment ? { assessment } : {}),
    synthesis: synthesis ? synthesisFirst(synthesis) : null,
    conversationId,
    conversationCreated,
    conversationTitle,
    primary,
    secondaryOpinions,
    ...(rounds ? { rounds: rounds.map((round) => withoutFinalOpinions(round, finals)) } : {}),
    ...rest,
  };
}

/**
 * The full result again from either form (what the web page's components read): the assessment back
 * in the synthesis and the final opinions back in the round they were left out of.
 */
export function fullSecondOpinion(output: SecondOpinionOutput): SecondOpinionResult {
  const { assessment, rounds, ...rest } = output;
  const finals = [output.primary, ...output.secondaryOpinions];
  // The final opinions in a round's order are not kept; the result's order (primary first) stands in.
  return {
    ...rest,
    synthesis: output.synthesis && assessment ? { ...output.synthesis, assessment } : output.synthesis,
    ...(rounds ? { rounds: rounds.map((round) => ({ ...round, opinions: round.opinions ?? finals })) } : {}),
  };
}

/** The synthesis without its assessment, its text right after the model's name. */
function synthesisFirst(synthesis: Synthesis): Synthesis {
  const { model, modelId, modelDisplayName, response, assessment: _assessment, ...rest } = synthesis;
  return { model, modelId, modelDisplayName, response, ...rest };
}

/** `round` without its opinions when they are the final ones the result lists anyway. */
function withoutFinalOpinions(
  round: DebateRound,
  finals: readonly ModelOpinion[],
): Omit<DebateRound, "opinions"> & { opinions?: ModelOpinion[] } {
  const final = new Map(finals.map((opinion) => [opinion.model, opinion.response] as const));
  const same =
    round.opinions.length === finals.length &&
    round.opinions.every((opinion) => final.get(opinion.model) === opinion.response);
  if (!same) return round;
  const { opinions: _opinions, ...rest } = round;
  return rest;
}
