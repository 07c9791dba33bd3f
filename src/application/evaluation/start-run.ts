// Running one evaluation: the run to go on with (the one named by `resume`, the newest unfinished one with
// the same settings unless `fresh`, or a new one stored with its questions before any model is asked),
// its cost cap and each provider's concurrency cap, the calls through the engine, and the run itself,
// every answer stored as it is given. Loaded at the first run, so a program that runs none loads none of
// it (the question sets, the strategies, the grading).

import type { EvaluationRunInput, EvaluationRunSummary } from "../../contract/evaluation.ts";
import { ServiceError } from "../../contract/service-error.ts";
import type { Question } from "../../evaluation/questions/question.ts";
import { type RunRecorder, runEvaluation } from "../../evaluation/run/run-evaluation.ts";
import type { EvaluationRunRecord, EvaluationStore } from "../../store/evaluations.ts";
import type { Caller } from "../caller.ts";
import type { EvaluationDependencies, EvaluationRunOptions } from "./evaluation-dependencies.ts";
import { consultationTakesStrategy, prepareRun, type RunSettings } from "./evaluation-setup.ts";
import { createModelCalls } from "./model-calls.ts";
import { limitedModels } from "./provider-limit.ts";
import { openRunBudget } from "./run-budget.ts";
import { summaryOf } from "./run-summary.ts";

/** Requests each provider gets at once unless told. */
export const defaultConcurrency = 2;

/** How long a call's hold on a run's cap lasts unless renewed. */
const holdLeaseMs = 30_000;

/** The settings of a stored run. */
const settingsOf = (record: EvaluationRunRecord) => record.settings as unknown as RunSettings;

/** The run to go on with: the one named, the unfinished one with the same settings, or a new one. */
async function openRun(
  dependencies: EvaluationDependencies,
  caller: Caller,
  request: EvaluationRunInput,
): Promise<{ record: EvaluationRunRecord; questions: Question[]; resumed: boolean }> {
  const { services } = dependencies;
  const store = services.store.evaluations;
  if (request.resume) {
    const given = Object.keys(request).filter(
      (key) => !["resume", "maxCostUsd", "concurrency"].includes(key),
    );
    if (given.length > 0) {
      throw new ServiceError(
        "invalid_argument",
        `A resumed run asks what it asked before; only --max-cost and --concurrency may change. Leave out ${given.join(", ")}.`,
      );
    }
    const record = await dependencies.findRun(caller, request.resume);
    return { record, questions: await store.readQuestions(caller.userId, record.id), resumed: true };
  }
  const setup = await prepareRun(request, services);
  const unfinished = request.fresh ? undefined : await store.findUnfinished(caller.userId, setup.settingsKey);
  if (unfinished) return { record: unfinished, questions: setup.questions, resumed: true };
  const createdAt = services.clock().toISOString();
  const record: EvaluationRunRecord = {
    id: services.newId(),
    createdAt,
    updatedAt: createdAt,
    status: "running",
    questionSet: { name: setup.questionSetName, questions: setup.questions.length },
    strategies: setup.settings.strategies,
    bestModel: setup.settings.model ?? null,
    samples: setup.settings.samples,
    panel: setup.settings.panel,
    judges: setup.settings.judges,
    maxCostUsd: request.maxCostUsd ?? null,
    spentUsd: 0,
    settingsKey: setup.settingsKey,
    settings: setup.settings as unknown as Record<string, unknown>,
  };
  await store.createRun(caller.userId, record, setup.questions);
  return { record, questions: setup.questions, resumed: false };
}

/** Throws invalid_argument when a stored run asks for a strategy this version does not have. */
function refuseUnknownStrategies(settings: RunSettings): void {
  if (settings.strategies.includes("adaptive") && !consultationTakesStrategy) {
    throw new ServiceError(
      "invalid_argument",
      "This run asks adaptive consultation, which this version does not have.",
    );
  }
}

/** Where a run stores each answer, model answer and judgement as it is given (noting the spend). */
function runStorage(
  store: EvaluationStore,
  owner: string,
  runId: string,
  noteSpend: () => Promise<void>,
  now: () => string,
): RunRecorder {
  return {
    results: () => store.readResults(owner, runId),
    saveAnswer: async (answer) => {
      await store.saveAnswer(owner, runId, answer);
      await noteSpend();
    },
    saveModelAnswer: async (answer) => {
      await store.saveModelAnswer(owner, runId, answer);
      await noteSpend();
    },
    saveJudgement: async (judgement) => {
      await store.saveJudgement(owner, runId, judgement);
      await noteSpend();
    },
    chooseBestModel: async (model) => {
      await store.updateRun(owner, runId, { bestModel: model, updatedAt: now() });
    },
  };
}

/**
 * Runs (or resumes) the evaluation `request` asks for; resolves with the run's id once it finished or
 * stopped at its cap. Cancelled, the run is stored as stopped and `cancelled` thrown.
 */
export async function startRun(
  dependencies: EvaluationDependencies,
  caller: Caller,
  request: EvaluationRunInput,
  options: EvaluationRunOptions,
): Promise<string> {
  const { services } = dependencies;
  const store = services.store.evaluations;
  const now = () => services.clock().toISOString();
  const opened = await openRun(dependencies, caller, request);
  const { questions, resumed } = opened;
  const owner = caller.userId;
  const runId = opened.record.id;
  const settings = settingsOf(opened.record);
  refuseUnknownStrategies(settings);
  const maxCostUsd = request.maxCostUsd ?? opened.record.maxCostUsd;
  await store.updateRun(owner, runId, { status: "running", maxCostUsd, updatedAt: now() });
  const record = (await store.getRun(owner, runId)) ?? opened.record;
  options.onStarted?.(summaryOf(record), resumed);

  const concurrency = request.concurrency ?? defaultConcurrency;
  const budget = await openRunBudget({
    spend: services.store.spend,
    runId,
    maxCostUsd,
    clock: services.clock,
    leaseMs: holdLeaseMs,
  });
  const createModel = limitedModels(services.createModel, concurrency);
  const calls = createModelCalls({
    services: { ...services, createModel },
    admission: dependencies.admission,
    caller,
    budget,
  });
  const noteSpend = async () => {
    await store.updateRun(owner, runId, { spentUsd: budget.spentUsd(), updatedAt: now() });
  };
  const finish = (status: EvaluationRunSummary["status"]) =>
    store.updateRun(owner, runId, { status, spentUsd: budget.spentUsd(), updatedAt: now() });
  try {
    const outcome = await runEvaluation(
      {
        questions,
        strategies: settings.strategies,
        panel: settings.panel,
        bestModel: record.bestModel,
        samples: settings.samples,
        judges: settings.judges,
        councilInput: settings.councilInput,
        strategyInput: consultationTakesStrategy,
        concurrency,
      },
      calls,
      runStorage(store, owner, runId, noteSpend, now),
      {
        signal: options.signal,
        onProgress: (progress) =>
          options.onProgress?.({ ...progress, runId, spentUsd: budget.spentUsd(), maxCostUsd }),
      },
    );
    await finish(outcome.status);
  } catch (error) {
    const cancelled = options.signal.aborted;
    await finish(cancelled ? "stopped" : "failed").catch(() => {});
    if (cancelled) {
      throw new ServiceError(
        "cancelled",
        `The evaluation was stopped; what it had done is stored. Resume it with ai-universe eval --resume ${runId}.`,
      );
    }
    throw error;
  }
  return runId;
}
