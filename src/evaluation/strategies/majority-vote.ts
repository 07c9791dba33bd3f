// The majority vote, for multiple-choice questions only: each panel model's answer picks a letter (read
// as grading reads it), and the letter most models pick is the answer. A tie goes to the letter of the
// model first in the panel's order among those tied (the primary's, when it is among them). The answers
// are the council's opinions when the run has the council (no call is made again), else each panel
// model's own answer, asked alone. Its cost and latency are those of the answers it counts: what the vote
// would cost on its own, the panel asked at once.

import type { PanelOpinionRecord } from "../../store/evaluations.ts";
import { chosenLetter } from "../grading/match-choice.ts";
import { graded, modelAnswer, type Strategy, unanswered } from "./strategy-context.ts";

/** One panel model's answer to count. */
type Ballot = Required<PanelOpinionRecord>;

export const majorityVote: Strategy = async (context) => {
  const { question, panel } = context;
  const { choices } = question;
  if (!choices) return undefined;
  const councilOpinions = context.answers.get("council")?.opinions;
  const ballots: Ballot[] = councilOpinions
    ? councilOpinions.map((opinion) => ({ ...opinion, failed: opinion.failed === true }))
    : await Promise.all(
        panel.map(async (model) => {
          const own = await modelAnswer(context, model);
          return { ...own, failed: own.failure !== undefined };
        }),
      );
  const votes = new Map<string, string[]>();
  for (const ballot of ballots) {
    const letter = ballot.failed ? undefined : chosenLetter(ballot.answer, choices);
    if (letter) votes.set(letter, [...(votes.get(letter) ?? []), ballot.model]);
  }
  const order = (model: string) => {
    const place = panel.indexOf(model);
    return place === -1 ? panel.length : place;
  };
  const ranked = [...votes.entries()].sort(
    ([, one], [, other]) =>
      other.length - one.length || Math.min(...one.map(order)) - Math.min(...other.map(order)),
  );
  const costUsd = ballots.reduce((sum, ballot) => sum + ballot.costUsd, 0);
  const latencyMs = Math.max(0, ...ballots.map((ballot) => ballot.latencyMs));
  const base = { questionId: question.id, strategy: "majority-vote" as const, costUsd, latencyMs };
  const [winner] = ranked;
  if (!winner) {
    return { ...base, answer: "", ...unanswered(question), failure: "no panel model picked a choice" };
  }
  const tally = ranked.map(([letter, models]) => `${letter}: ${models.join(", ")}`).join("; ");
  const text = `Votes: ${tally}\n\nAnswer: ${winner[0]}`;
  return { ...base, answer: text, ...graded(question, text) };
};
