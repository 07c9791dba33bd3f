// The evaluations port: each `ai-universe eval` run with its questions, every strategy's graded answer,
// each panel model's own answers (the first pass), and the judges' verdicts. Everything is written as it
// is done, and each answer at most once per run (a second write of the same question and strategy keeps
// the first), so a run killed at any moment resumes from what is stored without paying for it again.
// Every call names the owner: a run and all it holds are only ever read or written by whoever made it.

import type { EvaluationAnswer, EvaluationJudgement, EvaluationRunSummary } from "../contract/evaluation.ts";

/** One question as the run asked it (src/evaluation's Question). */
export interface EvaluationQuestionRecord {
  id: string;
  question: string;
  /** The choices of a multiple-choice question, lettered A, B, C... in this order. */
  choices?: string[];
  /** The reference answer: for multiple choice its letter, otherwise the exact answer. */
  answer?: string;
  tags: string[];
}

/** A panel model's opinion inside a council's answer, kept for the majority vote. */
export interface PanelOpinionRecord {
  model: string;
  answer: string;
  costUsd: number;
  latencyMs: number;
  failed?: boolean;
}

/** A strategy's answer, with the panel's opinions when the strategy asked a panel. */
export type EvaluationAnswerRecord = EvaluationAnswer & { opinions?: PanelOpinionRecord[] };

/** One model asked a question alone: the first pass, and the majority vote of a run without council. */
export interface ModelAnswerRecord {
  questionId: string;
  model: string;
  answer: string;
  correct: boolean | null;
  extracted?: string;
  costUsd: number;
  latencyMs: number;
  failure?: string;
}

/** A stored run: its summary, and the settings a later `ai-universe eval` must match to resume it. */
export interface EvaluationRunRecord extends EvaluationRunSummary {
  /** A digest of the settings that decide what is asked (not the cost cap or the concurrency). */
  settingsKey: string;
  /** The settings as given, so a resumed run asks the same. */
  settings: Record<string, unknown>;
  updatedAt: string;
}

/** What may change in a run as it goes. */
export interface EvaluationRunChange {
  status?: EvaluationRunSummary["status"];
  bestModel?: string;
  spentUsd?: number;
  maxCostUsd?: number | null;
  updatedAt: string;
}

/** Everything a run has stored besides its questions. */
export interface EvaluationResults {
  answers: EvaluationAnswerRecord[];
  modelAnswers: ModelAnswerRecord[];
  judgements: EvaluationJudgement[];
}

/** Evaluation runs, one owner at a time. */
export interface EvaluationStore {
  /** Stores a new run and its questions, in their order. */
  createRun(
    owner: string,
    run: EvaluationRunRecord,
    questions: readonly EvaluationQuestionRecord[],
  ): Promise<void>;
  /** The owner's run `id`, or undefined. */
  getRun(owner: string, id: string): Promise<EvaluationRunRecord | undefined>;
  /** The owner's runs, newest first, at most `limit`. */
  listRuns(owner: string, limit: number): Promise<EvaluationRunRecord[]>;
  /** The owner's newest run with `settingsKey` that is not finished, or undefined. */
  findUnfinished(owner: string, settingsKey: string): Promise<EvaluationRunRecord | undefined>;
  /** Applies `change` to the owner's run `id`; false when there is no such run. */
  updateRun(owner: string, id: string, change: EvaluationRunChange): Promise<boolean>;
  /** The run's questions in their order; empty when the owner has no such run. */
  readQuestions(owner: string, runId: string): Promise<EvaluationQuestionRecord[]>;
  /** Stores the answer unless the run has one for its question and strategy; true when stored. */
  saveAnswer(owner: string, runId: string, answer: EvaluationAnswerRecord): Promise<boolean>;
  /** Stores a model's own answer unless the run has one for its question and model; true when stored. */
  saveModelAnswer(owner: string, runId: string, answer: ModelAnswerRecord): Promise<boolean>;
  /** Stores a judgement unless the run has one for its question, pair and judge; true when stored. */
  saveJudgement(owner: string, runId: string, judgement: EvaluationJudgement): Promise<boolean>;
  /** Everything the run stored; empty when the owner has no such run. */
  readResults(owner: string, runId: string): Promise<EvaluationResults>;
}
