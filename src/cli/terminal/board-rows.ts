// The rows of the progress board (progress-board.ts) and how each consultation event changes them: a row
// per model, debate round, reviewer and synthesis, running until its end event (a debate round until the
// next stage starts), with the answers forming under it. Drawing them is the board's part.

import type { ConsultationEvent } from "../../contract/progress-events.ts";
import { type FormingLine, formingLine, oneLine } from "./text-preview.ts";

/** One line of the board and the answers forming beneath it. */
export interface Row {
  label: string;
  state: "running" | "done" | "failed";
  started: number;
  detail: string;
  /** The last line of each answer forming under the row, by author ("" for the row's own model). */
  texts: Map<string, FormingLine>;
}

/** The board's rows, in the order they started, and the events that change them. */
export interface BoardRows {
  readonly rows: ReadonlyMap<string, Row>;
  apply(event: ConsultationEvent): void;
  /** Marks the debate round still open, if any, as over. */
  closeRound(): void;
}

/** How long a row has run, as the board shows it. */
export const elapsed = (row: Row) => `${((performance.now() - row.started) / 1000).toFixed(1)} s`;

/** Rows that tell `report` each step as it ends (a plain `✓ label detail` line, or `→ escalation`). */
export function boardRows(report: (line: string) => void): BoardRows {
  const rows = new Map<string, Row>();
  let round = 0;
  const start = (key: string, label: string) =>
    rows.set(key, { label, state: "running", started: performance.now(), detail: "", texts: new Map() });
  const finish = (key: string, failed: boolean, detail: string) => {
    const row = rows.get(key);
    if (row?.state !== "running") return;
    row.state = failed ? "failed" : "done";
    row.detail = detail;
    report(`${failed ? "✗" : "✓"} ${row.label} ${detail}`);
  };
  /** A debate round has no end event of its own: it is over when the next stage starts. */
  const closeRound = () => {
    const row = rows.get(`round:${round}`);
    if (row) finish(`round:${round}`, false, elapsed(row));
  };
  const append = (key: string, author: string, delta: string) => {
    const texts = rows.get(key)?.texts;
    if (!texts) return;
    const line = texts.get(author) ?? formingLine();
    texts.set(author, line);
    line.add(delta);
  };
  /** How long the row `key` ran, or how long before it failed. */
  const took = (key: string, failed: boolean) => {
    const row = rows.get(key);
    const time = row ? elapsed(row) : "";
    return failed ? `failed after ${time}` : time;
  };

  const apply = (event: ConsultationEvent) => {
    if (event.type === "model-started") {
      start(event.model, `${event.model} (${event.role})`);
    } else if (event.type === "model-text") {
      if (event.stage === "opinion") append(event.model, "", event.delta);
      else if (event.stage === "revision") append(`round:${round}`, event.model, event.delta);
      else append(`synthesis:${event.model}`, "", event.delta);
    } else if (event.type === "model-finished") {
      const parts = [`${(event.latencyMs / 1000).toFixed(1)} s`];
      if (event.tokensUsed !== undefined) parts.push(`${event.tokensUsed} tokens`);
      if (event.cost !== undefined) parts.push(`$${event.cost.toFixed(4)}`);
      finish(event.model, event.error, event.error ? `failed after ${parts[0]}` : parts.join(", "));
    } else if (event.type === "model-retrying") {
      const row = rows.get(event.model);
      if (row) row.label = `${event.model} (retry ${event.attempt}: ${event.reason.slice(0, 60)})`;
    } else if (event.type === "adaptive-escalated") {
      report(`→ ${escalate(rows, event)}`);
    } else if (event.type === "round-started") {
      closeRound();
      round = event.round;
      start(`round:${round}`, `debate round ${round}: ${event.models.join(", ")} revise`);
    } else if (event.type === "review-started") {
      closeRound();
      for (const reviewer of event.reviewers) start(`review:${reviewer}`, `review by ${reviewer}`);
    } else if (event.type === "review-finished") {
      const failure = event.failure ? `: ${event.failure.replace(/\s+/g, " ").slice(0, 80)}` : "";
      const key = `review:${event.reviewer}`;
      finish(key, event.error, `${took(key, event.error)}${event.error ? failure : ""}`);
    } else if (event.type === "synthesis-started") {
      closeRound();
      start(`synthesis:${event.model}`, `synthesis by ${event.model}`);
    } else if (event.type === "synthesis-finished") {
      finish(`synthesis:${event.model}`, event.error, took(`synthesis:${event.model}`, event.error));
    }
  };
  return { rows, apply, closeRound };
}

/**
 * An adaptive consultation asks the whole panel: the first two's synthesis keeps its line, renamed, and
 * the escalation gets a line of its own; its label.
 */
function escalate(
  rows: Map<string, Row>,
  event: Extract<ConsultationEvent, { type: "adaptive-escalated" }>,
): string {
  for (const [key, row] of [...rows]) {
    if (!key.startsWith("synthesis:")) continue;
    rows.delete(key);
    rows.set(`first-${key}`, { ...row, label: `first ${row.label}` });
  }
  const label = `asking ${event.models.join(", ")} too: ${oneLine(event.reason).slice(0, 80)}`;
  rows.set("adaptive", { label, state: "done", started: performance.now(), detail: "", texts: new Map() });
  return label;
}
