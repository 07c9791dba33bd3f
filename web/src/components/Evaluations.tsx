// The evaluation runs' page (`#/evaluations`): the caller's runs, newest first, each linking to its
// report (`#/evaluations/<id>`), which shows the same tables and plots as `ai-universe eval --html`,
// and its questions, a page at a time.
// Runs are made with `ai-universe eval`; this page reads them.

import { useEffect, useState } from "react";
import type * as contract from "../../../src/contract/evaluation.ts";
import { usd } from "../../../src/contract/report/report-format.ts";
import { ApiError, api } from "../api.ts";
import { evaluationAddress } from "../evaluation-route.ts";
import { EvaluationReport } from "./EvaluationReport.tsx";

function describe(error: unknown): string {
  if (error instanceof ApiError && error.code === "unauthenticated") {
    return "Sign in first: open the conversations page, sign in, and come back.";
  }
  return (error as Error).message;
}

export function Evaluations({ runId }: { runId: string | null }) {
  const [runs, setRuns] = useState<contract.EvaluationRunSummary[] | undefined>();
  const [report, setReport] = useState<contract.EvaluationReport | undefined>();
  const [error, setError] = useState("");

  useEffect(() => {
    setError("");
    setReport(undefined);
    let current = true;
    const loading =
      runId === null
        ? api.evaluations().then((list) => current && setRuns(list.runs))
        : api.evaluation(runId).then((found) => current && setReport(found));
    loading.catch((failure) => current && setError(describe(failure)));
    return () => {
      current = false;
    };
  }, [runId]);

  /** Adds the next page of the run's questions to those shown. */
  const more = (id: string, shown: contract.EvaluationReport) => {
    const from = shown.questions?.nextOffset;
    if (from === null || from === undefined) return;
    api
      .evaluation(id, from)
      .then((next) => {
        if (!next.questions || !shown.questions) return;
        setReport({
          ...next,
          questions: {
            ...next.questions,
            offset: 0,
            items: [...shown.questions.items, ...next.questions.items],
          },
        });
      })
      .catch((failure) => setError(describe(failure)));
  };

  return (
    <main className="evaluations">
      <header className="top">
        <h1>{runId === null ? "Evaluation runs" : `Evaluation ${runId}`}</h1>
        <a className="small button" href={runId === null ? "#/" : evaluationAddress()}>
          {runId === null ? "Conversations" : "All runs"}
        </a>
      </header>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {runId === null && runs && runs.length === 0 && (
        <p className="meta">No evaluation runs yet: start one with ai-universe eval.</p>
      )}
      {runId === null && runs && runs.length > 0 && (
        <ul className="evaluation-runs">
          {runs.map((run) => (
            <li key={run.id}>
              <a href={evaluationAddress(run.id)}>{run.id}</a>{" "}
              <span className="meta">
                {run.createdAt.slice(0, 16).replace("T", " ")} · {run.status} · {run.questionSet.questions}{" "}
                questions from {run.questionSet.name} · {usd(run.spentUsd)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {report && <EvaluationReport report={report} />}
      {report && runId !== null && report.questions?.nextOffset != null && (
        <button type="button" className="small" onClick={() => more(runId, report)}>
          More questions ({report.questions.items.length} of {report.questions.total} shown)
        </button>
      )}
      {runId !== null && !report && !error && <p className="meta">Loading…</p>}
    </main>
  );
}
