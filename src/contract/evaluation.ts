// What an evaluation run keeps and what its report says, written once: the runner stores runs in this
// shape, the report is computed from it, and the terminal table, the JSON output, the report page and
// the web page all read the report. A run compares strategies on the same questions: the best single
// model, that model sampled several times with its own synthesis, a majority vote (choice questions),
// the council's synthesis, the council with review, and adaptive consultation.

import { z } from "zod";

/** The strategies an evaluation compares. */
export const evaluationStrategies = [
  "best-single",
  "sampled-single",
  "majority-vote",
  "council",
  "council-review",
  "adaptive",
] as const;
export const evaluationStrategy = z.enum(evaluationStrategies);
export type EvaluationStrategy = z.infer<typeof evaluationStrategy>;

/** One strategy's answer to one question, graded. */
export const evaluationAnswer = z.object({
  questionId: z.string().min(1),
  strategy: evaluationStrategy,
  /** The answer's text (the synthesis, for council strategies). */
  answer: z.string(),
  /** Graded by reference: right or wrong; null when the question has no reference (judged in pairs). */
  correct: z.boolean().nullable(),
  /** What the grader read as the answer (a choice letter, a normalised value), when it read one. */
  extracted: z.string().optional(),
  /** Every provider call the strategy made for this question, judges left out. */
  costUsd: z.number().min(0),
  latencyMs: z.number().min(0),
  /** The synthesis's agreement score (0 to 1), for strategies that write one. */
  agreement: z.number().min(0).max(1).optional(),
  /**
   * Adaptive only: the two cheap models settled it, or the rest of the panel was asked too, or (`full`)
   * the whole panel was asked at once.
   */
  adaptivePath: z.enum(["cheap", "escalated", "full"]).optional(),
  /** Why the strategy gave no answer (every model failed, the cost cap was reached...). */
  failure: z.string().optional(),
});
export type EvaluationAnswer = z.infer<typeof evaluationAnswer>;

/** One judge's comparison of two strategies' answers, asked in both orders. */
export const evaluationJudgement = z.object({
  questionId: z.string().min(1),
  first: evaluationStrategy,
  second: evaluationStrategy,
  judge: z.string().min(1),
  /** The prompts as sent and the judge's raw replies, both orders. */
  prompts: z.array(z.string()).length(2),
  replies: z.array(z.string()).length(2),
  /** A judge that disagrees with itself across the two orders gives a tie; no readable verdict: undecided. */
  winner: z.enum(["first", "second", "tie", "undecided"]),
  costUsd: z.number().min(0),
});
export type EvaluationJudgement = z.infer<typeof evaluationJudgement>;

/** A run: what was asked of whom, and its state. */
export const evaluationRunSummary = z.object({
  id: z.string().min(1),
  createdAt: z.string(),
  status: z.enum(["running", "finished", "stopped", "failed"]),
  /** The question set's name ("built-in" or the file's name) and how many questions it has. */
  questionSet: z.object({ name: z.string().min(1), questions: z.number().int().min(0) }),
  strategies: z.array(evaluationStrategy).min(1),
  /** The model the single-model strategies use; null until the first pass has chosen it. */
  bestModel: z.string().min(1).nullable(),
  /** How many samples `sampled-single` takes. */
  samples: z.number().int().min(1),
  panel: z.array(z.string().min(1)),
  judges: z.array(z.string().min(1)),
  maxCostUsd: z.number().min(0).nullable(),
  spentUsd: z.number().min(0),
});
export type EvaluationRunSummary = z.infer<typeof evaluationRunSummary>;

/** A 95% interval around a proportion. */
const interval = z.object({ value: z.number(), low: z.number(), high: z.number() });

/** One strategy's line of the report. */
export const strategyReport = z.object({
  strategy: evaluationStrategy,
  answered: z.number().int().min(0),
  /** Over the questions with a reference. */
  graded: z.number().int().min(0),
  correct: z.number().int().min(0),
  accuracy: interval.nullable(),
  /** Against the best single model, judged in pairs (ties count half), over questions without a reference. */
  winRate: interval.nullable(),
  costUsd: z.number().min(0),
  costPerCorrectUsd: z.number().min(0).nullable(),
  latencyP50Ms: z.number().min(0).nullable(),
  latencyP95Ms: z.number().min(0).nullable(),
});
export type StrategyReport = z.infer<typeof strategyReport>;

/** What a strategy changed against the best single model, question by question. */
export const comparisonReport = z.object({
  strategy: evaluationStrategy,
  /** Questions where the best single model was wrong and this strategy right, over its wrong ones. */
  fixed: z.number().int().min(0),
  baselineWrong: z.number().int().min(0),
  fixRate: z.number().min(0).max(1).nullable(),
  /** Questions where the best single model was right and this strategy wrong, over its right ones. */
  broken: z.number().int().min(0),
  baselineRight: z.number().int().min(0),
  breakRate: z.number().min(0).max(1).nullable(),
});
export type ComparisonReport = z.infer<typeof comparisonReport>;

/** One bin of the reliability diagram: the agreement the synthesis gave and how often it was right. */
export const calibrationBin = z.object({
  from: z.number(),
  to: z.number(),
  count: z.number().int().min(0),
  meanConfidence: z.number().nullable(),
  accuracy: z.number().nullable(),
});

/** What a strategy's answer to one question changed against the best single model's, both graded. */
export const answerChanges = ["fixed", "broken", "unchanged"] as const;
export type AnswerChange = (typeof answerChanges)[number];

/** One judge's verdict on a strategy's answer against the best single model's, both orders asked. */
export const questionVerdict = z.object({
  judge: z.string().min(1),
  /** `won`: this answer was preferred; `lost`: the best single model's; a self-contradicting judge ties. */
  outcome: z.enum(["won", "lost", "tie", "undecided"]),
});

/** One strategy's answer to one question in the per-question results. */
export const questionAnswer = evaluationAnswer.omit({ questionId: true }).extend({
  /**
   * Against the best single model's answer to the same question: `fixed` (it was wrong, this is right),
   * `broken` (it was right, this is wrong) or `unchanged`; null for the best single model itself, on a
   * question without a reference, or before the best single model has answered.
   */
  change: z.enum(answerChanges).nullable(),
  /** The judges' verdicts against the best single model, on a question without a reference. */
  verdicts: z.array(questionVerdict),
});
export type QuestionAnswer = z.infer<typeof questionAnswer>;

/** One question of the run with each strategy's answer to it, in the report's strategy order. */
export const questionResult = z.object({
  id: z.string().min(1),
  question: z.string(),
  /** The lettered choices of a multiple-choice question. */
  choices: z.array(z.string()).optional(),
  /** The reference answer (a letter for multiple choice); null when the question is judged in pairs. */
  reference: z.string().nullable(),
  tags: z.array(z.string()),
  /** The answers given so far; a strategy that has not answered yet is absent. */
  answers: z.array(questionAnswer),
});
export type QuestionResult = z.infer<typeof questionResult>;

/** A page of the run's questions, in the run's order. */
export const questionResultPage = z.object({
  /** How many questions the run has. */
  total: z.number().int().min(0),
  offset: z.number().int().min(0),
  /** Where the next page starts; null on the last one. */
  nextOffset: z.number().int().min(0).nullable(),
  items: z.array(questionResult),
});
export type QuestionResultPage = z.infer<typeof questionResultPage>;

/** The whole report of a run. */
export const evaluationReport = z.object({
  run: evaluationRunSummary,
  strategies: z.array(strategyReport),
  comparisons: z.array(comparisonReport),
  /** Whether the synthesis's agreement score predicts a right answer (council strategies' answers). */
  agreement: z.object({
    answers: z.number().int().min(0),
    auroc: z.number().min(0).max(1).nullable(),
    bins: z.array(calibrationBin),
    expectedCalibrationError: z.number().min(0).nullable(),
  }),
  /** What adaptive consultation saved and lost, when the run has it. */
  adaptive: z
    .object({
      cheapPathShare: z.number().min(0).max(1),
      /** Against the full council: cost saved, and accuracy lost (negative: gained), in points. */
      savedUsdAgainstCouncil: z.number().nullable(),
      accuracyLostAgainstCouncil: z.number().nullable(),
      /** Against the best single model: extra cost, and accuracy gained, in points. */
      extraUsdAgainstBestSingle: z.number().nullable(),
      accuracyGainedAgainstBestSingle: z.number().nullable(),
    })
    .nullable(),
  /**
   * The questions with each strategy's answer, when asked for (`eval --per-question`, the API's
   * `?questions=1`, always in the HTML report): a page of them, or all of them without a limit.
   */
  questions: questionResultPage.optional(),
});
export type EvaluationReport = z.infer<typeof evaluationReport>;

/** The question formats an evaluation reads (as the question loader names them). */
export const evaluationFormats = ["jsonl", "mmlu-pro", "gpqa", "simpleqa"] as const;

const modelName = z.string().min(1).max(100);

/** What `ai-universe eval` asks for: the questions, the panel, the strategies and the limits. */
export const evaluationRunInput = z.strictObject({
  /** A question file's path, or "built-in" (the default). */
  questions: z.string().min(1).max(4096).optional(),
  /** The file's format; told from the file when absent. */
  format: z.enum(evaluationFormats).optional(),
  /** Only the first N questions (after the tag filter). */
  limit: z.number().int().min(1).optional(),
  /** Only the questions carrying one of these tags. */
  tags: z.array(z.string().min(1).max(100)).max(50).optional(),
  /** The best single model; found by a first pass over the panel when absent. */
  model: modelName.optional(),
  /** A named panel; with neither panel nor models, the default consultation's models. */
  panel: z.string().min(1).max(100).optional(),
  /** The panel's models, the first one primary (and writing the synthesis). */
  models: z.array(modelName).min(2).max(9).optional(),
  /** How many times `sampled-single` asks the best model (default 3). */
  samples: z.number().int().min(2).max(9).optional(),
  /** Judges of the questions without a reference; none may be on the panel. */
  judges: z.array(modelName).max(5).optional(),
  /** Most the whole run may spend, in USD, across resumes. */
  maxCostUsd: z.number().positive().max(100_000).optional(),
  /** Requests at once to each provider (default 2). */
  concurrency: z.number().int().min(1).max(32).optional(),
  /** The strategies to compare (default: every one this version has). */
  strategies: z.array(evaluationStrategy).min(1).optional(),
  /** Resume this run with its own settings (only maxCostUsd and concurrency may change). */
  resume: z.string().min(1).max(100).optional(),
  /** Start a new run even when an unfinished one has the same settings. */
  fresh: z.boolean().optional(),
});
export type EvaluationRunInput = z.infer<typeof evaluationRunInput>;

/** The most questions one page of the per-question results holds. */
export const maxQuestionPage = 1000;

/** Reading one run's report, with its per-question results when `questions` is given. */
export const evaluationReportInput = z.strictObject({
  runId: z.string().min(1).max(100),
  /** Which of the run's questions to include, from `offset` (default 0); every one without `limit`. */
  questions: z
    .strictObject({
      offset: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).max(maxQuestionPage).optional(),
    })
    .optional(),
});

/** Listing the caller's runs, newest first. */
export const evaluationListInput = z.strictObject({ limit: z.number().int().min(1).max(500).optional() });

/** The caller's runs, newest first (`GET /api/evaluations`, `ai-universe eval --list`). */
export const evaluationList = z.object({ runs: z.array(evaluationRunSummary) });
export type EvaluationList = z.infer<typeof evaluationList>;

/** How far a run has come, told after each answer, judgement or first-pass call. */
export const evaluationProgress = z.object({
  runId: z.string(),
  /** "first-pass": finding the best single model; "answers": the strategies and the judges. */
  phase: z.enum(["first-pass", "answers"]),
  /** Steps done (those stored by an earlier process included) and in all. */
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  /** Steps found stored when this process started: they cost nothing now. */
  resumed: z.number().int().min(0),
  spentUsd: z.number().min(0),
  maxCostUsd: z.number().nullable(),
  /** What was just done, for a line of progress. */
  latest: z.string().optional(),
});
export type EvaluationProgress = z.infer<typeof evaluationProgress>;
