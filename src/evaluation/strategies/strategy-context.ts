// What a strategy needs to answer one question: the question and its prompt, the calls, the run's
// models and settings, and what the run already stored for the question, so nothing paid for is asked
// again. Every strategy's answer is graded the same way (by reference, when the question has one).

import type { EvaluationStrategy } from "../../contract/evaluation.ts";
import type { SecondOpinionInput } from "../../contract/inputs.ts";
import type { EvaluationAnswerRecord, ModelAnswerRecord } from "../../store/evaluations.ts";
import { gradeAnswer } from "../grading/grade-answer.ts";
import type { Question } from "../questions/question.ts";
import type { EvaluationCalls, ModelReply } from "../run/evaluation-calls.ts";

/** One question as a strategy meets it. */
export interface StrategyContext {
  question: Question;
  /** What every model is asked: questionPrompt(question). */
  prompt: string;
  calls: EvaluationCalls;
  /** The best single model. */
  bestModel: string;
  /** The panel's models, the primary first. */
  panel: readonly string[];
  /** How many times sampled-single asks the best model. */
  samples: number;
  /** The second-opinion input that asks the panel, without the question. */
  councilInput: Omit<SecondOpinionInput, "question">;
  /** Whether the second-opinion input takes `strategy` (adaptive consultation is in this version). */
  strategyInput: boolean;
  /** The answers the run stored for this question so far, by strategy. */
  answers: ReadonlyMap<EvaluationStrategy, EvaluationAnswerRecord>;
  /** The models' own answers the run stored for this question, by model. */
  modelAnswers: ReadonlyMap<string, ModelAnswerRecord>;
  /** Stores a model's own answer as soon as it is given. */
  saveModelAnswer(answer: ModelAnswerRecord): Promise<void>;
  signal: AbortSignal;
}

/** A strategy: its answer to the context's question, or undefined when it does not apply to it. */
export type Strategy = (context: StrategyContext) => Promise<EvaluationAnswerRecord | undefined>;

/** The grade of `text` as an answer to `question`: right or wrong and what was read, or null without a reference. */
export function graded(question: Question, text: string): { correct: boolean | null; extracted?: string } {
  const grade = gradeAnswer(question, text);
  if (!grade) return { correct: null };
  return { correct: grade.correct, ...(grade.given !== undefined ? { extracted: grade.given } : {}) };
}

/**
 * The grade of no answer (every model failed): wrong when the question has a reference, since the
 * question was not answered; null without one.
 */
export function unanswered(question: Question): { correct: boolean | null } {
  return { correct: question.answer === undefined ? null : false };
}

/** `model`'s own answer to the context's question: the stored one, or asked now and stored. */
export async function modelAnswer(context: StrategyContext, model: string): Promise<ModelAnswerRecord> {
  const stored = context.modelAnswers.get(model);
  if (stored) return stored;
  const reply = await context.calls.ask(model, context.prompt, { signal: context.signal });
  const answer = modelAnswerOf(context.question, reply);
  await context.saveModelAnswer(answer);
  return answer;
}

/** A model's reply to `question` as a stored, graded model answer. */
export function modelAnswerOf(question: Question, reply: ModelReply): ModelAnswerRecord {
  return {
    questionId: question.id,
    model: reply.model,
    answer: reply.text,
    ...(reply.failure ? { ...unanswered(question), failure: reply.failure } : graded(question, reply.text)),
    costUsd: reply.costUsd,
    latencyMs: reply.latencyMs,
  };
}
