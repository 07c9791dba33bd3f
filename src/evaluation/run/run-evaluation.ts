// Runs an evaluation: when no best single model is named, the first pass finds it; then each question
// in turn (as many at once as the concurrency allows) gets every strategy's answer, one strategy after
// another (the majority vote reads the council's opinions), and, without a reference, each judge's
// verdict of every strategy against the best single model. Whatever the run stored before (a killed or
// stopped run resumed) is skipped, and each answer is stored the moment it is given. When a call would
// take the run past its cost cap, the run takes no new work, lets what is running finish, and stops.

import type {
  EvaluationJudgement,
  EvaluationProgress,
  EvaluationStrategy,
} from "../../contract/evaluation.ts";
import type { SecondOpinionInput } from "../../contract/inputs.ts";
import type {
  EvaluationAnswerRecord,
  EvaluationResults,
  ModelAnswerRecord,
} from "../../store/evaluations.ts";
import type { Question } from "../questions/question.ts";
import { questionPrompt } from "../questions/question-prompt.ts";
import { adaptive, council, councilReview } from "../strategies/council-strategies.ts";
import { majorityVote } from "../strategies/majority-vote.ts";
import { bestSingle, sampledSingle } from "../strategies/single-strategies.ts";
import { modelAnswer, type Strategy, type StrategyContext } from "../strategies/strategy-context.ts";
import { EvaluationBudgetStop, type EvaluationCalls } from "./evaluation-calls.ts";
import { bestOfPanel, firstPassSample } from "./first-pass.ts";
import { judgeAnswers } from "./judge-answers.ts";
import { eachWithWorkers } from "./worker-pool.ts";

/** The strategies in the order a question runs them: the majority vote after the council it reads. */
export const strategyOrder: readonly EvaluationStrategy[] = [
  "best-single",
  "council",
  "council-review",
  "adaptive",
  "sampled-single",
  "majority-vote",
];

const strategies: Record<EvaluationStrategy, Strategy> = {
  "best-single": bestSingle,
  "sampled-single": sampledSingle,
  "majority-vote": majorityVote,
  council,
  "council-review": councilReview,
  adaptive,
};

/** What a run asks. */
export interface EvaluationPlan {
  questions: readonly Question[];
  /** Always holding best-single, the baseline. */
  strategies: readonly EvaluationStrategy[];
  panel: readonly string[];
  /** Null: the first pass chooses it. */
  bestModel: string | null;
  samples: number;
  judges: readonly string[];
  /** The second-opinion input that asks the panel, without the question. */
  councilInput: Omit<SecondOpinionInput, "question">;
  /** Whether the second-opinion input takes `strategy`. */
  strategyInput: boolean;
  /** Questions worked on at once. */
  concurrency: number;
}

/** Where the run's results go as they come. */
export interface RunRecorder {
  /** What the run stored so far. */
  results(): Promise<EvaluationResults>;
  saveAnswer(answer: EvaluationAnswerRecord): Promise<void>;
  saveModelAnswer(answer: ModelAnswerRecord): Promise<void>;
  saveJudgement(judgement: EvaluationJudgement): Promise<void>;
  /** The first pass chose the best single model. */
  chooseBestModel(model: string): Promise<void>;
}

/** How a run ended, short of an error. */
export type RunOutcome = { status: "finished" } | { status: "stopped"; reason: string };

/** One step of progress: what the runner knows (the caller adds the spend). */
export type RunProgress = Pick<EvaluationProgress, "phase" | "done" | "total" | "resumed" | "latest">;

/** Runs `plan`; resolves with how it ended; throws when cancelled or when a store write fails. */
export async function runEvaluation(
  plan: EvaluationPlan,
  calls: EvaluationCalls,
  recorder: RunRecorder,
  options: { signal: AbortSignal; onProgress?: (progress: RunProgress) => void },
): Promise<RunOutcome> {
  const { signal } = options;
  const run = await openRunState(plan, calls, recorder, options);
  let best = plan.bestModel;
  if (best === null) {
    best = await firstPass(run);
    if (signal.aborted) throw signal.reason;
    if (run.stopped() !== undefined) return { status: "stopped", reason: run.stopped() as string };
    await recorder.chooseBestModel(best);
  }
  const bestModel = best;
  await eachWithWorkers(
    plan.questions,
    plan.concurrency,
    async (question) => {
      const context = run.contextOf(question, bestModel);
      await answerQuestion(run, context);
      if (question.answer === undefined) await judgeQuestion(run, context);
    },
    run.going,
  );
  if (signal.aborted) throw signal.reason;
  const stop = run.stopped();
  return stop === undefined ? { status: "finished" } : { status: "stopped", reason: stop };
}

/** What a run knows as it goes: what is stored, how to guard a step, how far it got. */
type RunState = Awaited<ReturnType<typeof openRunState>>;

/** The run's state, from what was stored before (a resumed run skips it). */
async function openRunState(
  plan: EvaluationPlan,
  calls: EvaluationCalls,
  recorder: RunRecorder,
  options: { signal: AbortSignal; onProgress?: (progress: RunProgress) => void },
) {
  const { signal } = options;
  const stored = await recorder.results();
  const answers = new Map<string, Map<EvaluationStrategy, EvaluationAnswerRecord>>();
  const modelAnswers = new Map<string, Map<string, ModelAnswerRecord>>();
  for (const answer of stored.answers) place(answers, answer.questionId).set(answer.strategy, answer);
  for (const answer of stored.modelAnswers) place(modelAnswers, answer.questionId).set(answer.model, answer);
  let stop: string | undefined;
  const going = () => stop === undefined && !signal.aborted;
  const saveModelAnswer = async (answer: ModelAnswerRecord) => {
    await recorder.saveModelAnswer(answer);
    place(modelAnswers, answer.questionId).set(answer.model, answer);
  };
  return {
    plan,
    calls,
    recorder,
    signal,
    answers,
    modelAnswers,
    judged: new Set(stored.judgements.map(judgementKey)),
    progress: createProgress(plan, stored, plan.bestModel === null, options.onProgress),
    going,
    stopped: () => stop,
    /** Runs `step`; a budget stop ends the run's new work instead of failing it. */
    guarded: async (step: () => Promise<void>) => {
      if (!going()) return;
      try {
        await step();
      } catch (error) {
        if (!(error instanceof EvaluationBudgetStop)) throw error;
        stop ??= error.message;
      }
    },
    contextOf: (question: Question, bestModel: string): StrategyContext => ({
      question,
      prompt: questionPrompt(question),
      calls,
      bestModel,
      panel: plan.panel,
      samples: plan.samples,
      councilInput: plan.councilInput,
      strategyInput: plan.strategyInput,
      answers: place(answers, question.id),
      modelAnswers: place(modelAnswers, question.id),
      saveModelAnswer,
      signal,
    }),
  };
}

/** The map of `id` in `maps`, made when missing. */
function place<Key, Value>(maps: Map<string, Map<Key, Value>>, id: string): Map<Key, Value> {
  const found = maps.get(id);
  if (found) return found;
  const made = new Map<Key, Value>();
  maps.set(id, made);
  return made;
}

/** The first pass: every panel model answers a sample; resolves with the best of them. */
async function firstPass(run: RunState): Promise<string> {
  const { plan } = run;
  const sample = firstPassSample(plan.questions);
  await eachWithWorkers(
    sample,
    plan.concurrency,
    async (question) => {
      for (const model of plan.panel) {
        if (run.modelAnswers.get(question.id)?.has(model)) continue;
        await run.guarded(async () => {
          const answer = await modelAnswer(run.contextOf(question, model), model);
          run.progress.step("first-pass", `${question.id}: ${model} ${verdict(answer.correct)}`);
        });
      }
    },
    run.going,
  );
  const sampled = new Set(sample.map((question) => question.id));
  return bestOfPanel(
    plan.panel,
    [...run.modelAnswers.values()].flatMap((byModel) =>
      [...byModel.values()].filter((answer) => sampled.has(answer.questionId)),
    ),
  );
}

/** Every strategy's answer to the context's question, one after another, each stored as it is given. */
async function answerQuestion(run: RunState, context: StrategyContext): Promise<void> {
  const { question } = context;
  const known = place(run.answers, question.id);
  for (const strategy of strategyOrder) {
    if (!applies(run.plan, strategy, question) || known.has(strategy)) continue;
    await run.guarded(async () => {
      const answer = await strategies[strategy](context);
      if (answer) {
        await run.recorder.saveAnswer(answer);
        known.set(strategy, answer);
      }
      run.progress.step(
        "answers",
        `${question.id}: ${strategy} ${answer ? verdict(answer.correct) : "skipped"}`,
      );
    });
  }
}

/** Each judge's verdict of every strategy against the best single model, on a question without a reference. */
async function judgeQuestion(run: RunState, context: StrategyContext): Promise<void> {
  const { question } = context;
  const known = place(run.answers, question.id);
  const baseline = known.get("best-single");
  for (const strategy of strategyOrder) {
    if (strategy === "best-single" || !run.plan.strategies.includes(strategy)) continue;
    const candidate = known.get(strategy);
    for (const judge of run.plan.judges) {
      const key = judgementKey({ questionId: question.id, first: strategy, second: "best-single", judge });
      if (run.judged.has(key)) continue;
      await run.guarded(async () => {
        if (candidate && baseline && !candidate.failure && !baseline.failure) {
          const judgement = await judgeAnswers(
            { questionId: question.id, prompt: context.prompt, judge, candidate, baseline },
            run.calls,
            run.signal,
          );
          await run.recorder.saveJudgement(judgement);
          run.judged.add(key);
        }
        run.progress.step("answers", `${question.id}: ${judge} judged ${strategy}`);
      });
    }
  }
}

/** Whether `strategy` answers `question` in `plan`: the majority vote only a question with choices. */
function applies(plan: EvaluationPlan, strategy: EvaluationStrategy, question: Question): boolean {
  return (
    plan.strategies.includes(strategy) && (strategy !== "majority-vote" || question.choices !== undefined)
  );
}

/** A judgement's key in the run: its question, pair and judge. */
function judgementKey(judgement: Pick<EvaluationJudgement, "questionId" | "first" | "second" | "judge">) {
  return [judgement.questionId, judgement.first, judgement.second, judgement.judge].join("\u0000");
}

function verdict(correct: boolean | null): string {
  return correct === null ? "answered" : correct ? "right" : "wrong";
}

/**
 * Counts the run's steps: a first-pass answer, a strategy's answer to a question (the majority vote
 * only on choice questions), a judge's verdict on a strategy for a question without a reference.
 * Steps stored before count as done (and as resumed) from the start.
 */
function createProgress(
  plan: EvaluationPlan,
  stored: EvaluationResults,
  firstPass: boolean,
  onProgress: ((progress: RunProgress) => void) | undefined,
) {
  const sample = firstPass ? firstPassSample(plan.questions) : [];
  const judgedStrategies = plan.strategies.filter((strategy) => strategy !== "best-single").length;
  const unreferenced = plan.questions.filter((question) => question.answer === undefined).length;
  const total =
    sample.length * plan.panel.length +
    plan.questions.reduce(
      (sum, question) => sum + strategyOrder.filter((strategy) => applies(plan, strategy, question)).length,
      0,
    ) +
    unreferenced * judgedStrategies * plan.judges.length;
  const sampled = new Set(sample.map((question) => question.id));
  const resumed =
    stored.modelAnswers.filter(
      (answer) => sampled.has(answer.questionId) && plan.panel.includes(answer.model),
    ).length +
    stored.answers.filter((answer) => plan.strategies.includes(answer.strategy)).length +
    stored.judgements.length;
  let done = Math.min(resumed, total);
  let phase: RunProgress["phase"] = firstPass ? "first-pass" : "answers";
  onProgress?.({ phase, done, total, resumed: done });
  return {
    step(now: RunProgress["phase"], latest: string) {
      phase = now;
      done = Math.min(done + 1, total);
      onProgress?.({ phase, done, total, resumed: Math.min(resumed, total), latest });
    },
  };
}
