// Live progress of a running consultation: one row per model, waiting, then ✓ or ✗ with its
// latency, tokens and cost; a row per debate round and per reviewer; an adaptive consultation's
// escalation; the synthesis; announced to screen readers as it changes.

import type { ConsultationEvent } from "../api.ts";

export interface ProgressRow {
  label: string;
  state: "running" | "done" | "failed";
  detail: string;
}

/** A debate round has no end event of its own: it is over when the next stage starts. */
function closeRounds(rows: Record<string, ProgressRow>) {
  for (const [key, row] of Object.entries(rows)) {
    if (key.startsWith("round:") && row.state === "running")
      rows[key] = { ...row, state: "done", detail: "done" };
  }
}

/** The rows after `event`. */
export function nextRows(
  rows: Record<string, ProgressRow>,
  event: ConsultationEvent,
): Record<string, ProgressRow> {
  if (event.type === "model-text") return rows;
  const next = { ...rows };
  if (event.type === "model-started")
    next[event.model] = { label: event.model, state: "running", detail: "thinking…" };
  if (event.type === "round-started") {
    closeRounds(next);
    next[`round:${event.round}`] = {
      label: `debate round ${event.round}`,
      state: "running",
      detail: `${event.models.join(", ")} revising…`,
    };
  }
  if (event.type === "adaptive-escalated") {
    // The first two's synthesis keeps its row; the whole panel's gets its own.
    for (const key of Object.keys(next).filter((name) => name.startsWith("synthesis:"))) {
      next[`first-${key}`] = { ...(next[key] as ProgressRow), label: `first ${next[key]?.label}` };
      delete next[key];
    }
    next.adaptive = {
      label: `asking ${event.models.join(", ")} too`,
      state: "done",
      detail: event.reason.slice(0, 120),
    };
  }
  if (event.type === "review-started") {
    closeRounds(next);
    for (const reviewer of event.reviewers)
      next[`review:${reviewer}`] = { label: `review by ${reviewer}`, state: "running", detail: "ranking…" };
  }
  if (event.type === "review-finished") {
    next[`review:${event.reviewer}`] = {
      label: `review by ${event.reviewer}`,
      state: event.error ? "failed" : "done",
      detail: event.error ? `failed${event.failure ? `: ${event.failure.slice(0, 80)}` : ""}` : "done",
    };
  }
  if (event.type === "synthesis-started") {
    closeRounds(next);
    next[`synthesis:${event.model}`] = {
      label: `synthesis by ${event.model}`,
      state: "running",
      detail: "writing…",
    };
  }
  if (event.type === "model-retrying" && next[event.model]) {
    next[event.model] = {
      ...(next[event.model] as ProgressRow),
      detail: `retrying (${event.reason.slice(0, 60)})`,
    };
  }
  if (event.type === "model-finished") {
    const parts = [`${(event.latencyMs / 1000).toFixed(1)} s`];
    if (event.tokensUsed !== undefined) parts.push(`${event.tokensUsed} tokens`);
    if (event.cost !== undefined) parts.push(`$${event.cost.toFixed(4)}`);
    next[event.model] = {
      label: event.model,
      state: event.error ? "failed" : "done",
      detail: event.error ? "failed" : parts.join(" · "),
    };
  }
  if (event.type === "synthesis-finished") {
    const key = `synthesis:${event.model}`;
    next[key] = {
      label: `synthesis by ${event.model}`,
      state: event.error ? "failed" : "done",
      detail: event.error ? "failed" : "done",
    };
  }
  return next;
}

export function Progress({ rows }: { rows: Record<string, ProgressRow> }) {
  return (
    <ul className="progress" aria-live="polite" aria-label="Progress">
      {Object.entries(rows).map(([key, row]) => (
        <li key={key} className={row.state} data-model={key}>
          <span className="mark" aria-hidden="true">
            {row.state === "running" ? <span className="spinner" /> : row.state === "done" ? "✓" : "✗"}
          </span>
          <span className="label">{row.label}</span>
          <span className="detail">{row.detail}</span>
        </li>
      ))}
    </ul>
  );
}
