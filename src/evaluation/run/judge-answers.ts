// Judges one strategy's answer against the best single model's, for a question without a reference:
// the judge reads both in both orders (judging/judge-pair.ts), and the prompts as sent, its raw replies
// and the outcome are kept. A judge call that fails gives no verdict, so the pair is undecided.

import type { EvaluationJudgement, EvaluationStrategy } from "../../contract/evaluation.ts";
import type { EvaluationAnswerRecord } from "../../store/evaluations.ts";
import { judgePair } from "../judging/judge-pair.ts";
import type { EvaluationCalls } from "./evaluation-calls.ts";

/** What one judgement compares. */
export interface JudgedPair {
  questionId: string;
  /** The question as the strategies were asked it. */
  prompt: string;
  judge: string;
  /** The strategy judged, and the best single model's answer it is judged against. */
  candidate: EvaluationAnswerRecord;
  baseline: EvaluationAnswerRecord;
}

/** The judge's verdict on the pair, in both orders, with everything it read and wrote. */
export async function judgeAnswers(
  pair: JudgedPair,
  calls: EvaluationCalls,
  signal: AbortSignal,
): Promise<EvaluationJudgement> {
  let costUsd = 0;
  const judged = await judgePair(
    pair.prompt,
    pair.candidate.answer,
    pair.baseline.answer,
    async ({ system, prompt }) => {
      const reply = await calls.ask(pair.judge, prompt, { system, signal });
      costUsd += reply.costUsd;
      return reply.failure ? `(the judge failed: ${reply.failure})` : reply.text;
    },
  );
  const [one, other] = judged.records;
  return {
    questionId: pair.questionId,
    first: pair.candidate.strategy,
    second: pair.baseline.strategy as EvaluationStrategy,
    judge: pair.judge,
    prompts: [`${one.system}\n\n${one.prompt}`, `${other.system}\n\n${other.prompt}`],
    replies: [one.reply, other.reply],
    winner: judged.winner ?? "undecided",
    costUsd,
  };
}
