// What an evaluation run is made of (the engine's services, admission, the stored runs) and how a running one reports and is stopped: shared by the use
// cases and the run they start (start-run.ts, loaded at the first run).

import type { EvaluationProgress, EvaluationRunSummary } from "../../contract/evaluation.ts";
import type { EvaluationRunRecord } from "../../store/evaluations.ts";
import type { ApplicationServices } from "../application-services.ts";
import type { Caller } from "../caller.ts";
import type { Admission } from "../limits/admission.ts";

/** How a running evaluation reports and is stopped. */
export interface EvaluationRunOptions {
  signal: AbortSignal;
  /** Told once the run is stored (or found), before any model is asked; `resumed` when it existed. */
  onStarted?: (run: EvaluationRunSummary, resumed: boolean) => void;
  /** Told after each step: an answer, a judgement, a first-pass answer. */
  onProgress?: (progress: EvaluationProgress) => void;
}

/** What the evaluation use cases are made of. */
export interface EvaluationDependencies {
  services: ApplicationServices;
  admission: Admission;
  /** The caller's run `runId`; throws not_found. */
  findRun(caller: Caller, runId: string): Promise<EvaluationRunRecord>;
}
