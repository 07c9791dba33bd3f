// A real `ai-universe eval` run for end-to-end tests: the question file asked of claude, gemini and grok
// (claude the best single model) with the best single model and the council, on the provider simulator
// the environment points at. The report's JSON back; a failed run fails the test with its stderr.

import assert from "node:assert/strict";
import type { EvaluationReport } from "../../../src/contract/evaluation.ts";
import { runCli } from "./cli-process.ts";

/** Runs the eval over `file` with `environment`; resolves with its report. */
export async function runEval(environment: Record<string, string>, file: string): Promise<EvaluationReport> {
  const evaluation = await runCli(environment, [
    "eval",
    "--questions",
    file,
    "--models",
    "claude,gemini,grok",
    "--model",
    "claude",
    "--strategies",
    "best-single,council",
    "--json",
  ]);
  assert.equal(evaluation.status, 0, evaluation.stderr);
  return JSON.parse(evaluation.stdout) as EvaluationReport;
}
