// The strategies of one model: the best single model asked once (its own answer, shared with the first
// pass so a question the first pass asked is not paid for twice), and the same model asked several times
// at once with a synthesis of its answers by itself, as the council writes one from several models.

import type { EvaluationAnswerRecord } from "../../store/evaluations.ts";
import { graded, modelAnswer, type Strategy, unanswered } from "./strategy-context.ts";

/** The best single model's own answer. */
export const bestSingle: Strategy = async (context) => {
  const own = await modelAnswer(context, context.bestModel);
  return {
    questionId: context.question.id,
    strategy: "best-single",
    answer: own.answer,
    correct: own.correct,
    ...(own.extracted !== undefined ? { extracted: own.extracted } : {}),
    costUsd: own.costUsd,
    latencyMs: own.latencyMs,
    ...(own.failure ? { failure: own.failure } : {}),
  };
};

/**
 * The best model asked `samples` times at once, then writing the synthesis of its answers. With one
 * answer left (the others failed), that answer stands, as the first one does when the synthesis fails;
 * with none, the strategy failed.
 */
export const sampledSingle: Strategy = async (context) => {
  const { calls, bestModel, prompt, question, signal } = context;
  const replies = await Promise.all(
    Array.from({ length: context.samples }, () => calls.ask(bestModel, prompt, { signal })),
  );
  const spent = replies.reduce((sum, reply) => sum + reply.costUsd, 0);
  const slowest = Math.max(0, ...replies.map((reply) => reply.latencyMs));
  const answered = replies
    .filter((reply) => !reply.failure)
    .map((reply, index) => ({ ...reply, model: `sample-${index + 1}` }));
  const base = { questionId: question.id, strategy: "sampled-single" as const };
  const [first] = answered;
  if (!first) {
    return {
      ...base,
      answer: "",
      ...unanswered(question),
      costUsd: spent,
      latencyMs: slowest,
      failure: `every sample failed: ${replies[0]?.failure ?? "no answer"}`,
    };
  }
  if (answered.length === 1) {
    return {
      ...base,
      answer: first.text,
      ...graded(question, first.text),
      costUsd: spent,
      latencyMs: slowest,
    };
  }
  const synthesis = await calls.synthesise(bestModel, prompt, answered, signal);
  const text = synthesis.failure ? first.text : synthesis.text;
  const answer: EvaluationAnswerRecord = {
    ...base,
    answer: text,
    ...graded(question, text),
    costUsd: spent + synthesis.costUsd,
    latencyMs: slowest + synthesis.latencyMs,
    ...(synthesis.agreement !== undefined ? { agreement: synthesis.agreement } : {}),
  };
  return answer;
};
