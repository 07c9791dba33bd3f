// The live view of a running consultation: one line per model that spins while the model thinks and
// turns into ✓ or ✗ with latency, tokens and cost when it finishes, with the last line of its answer so
// far beneath it; then each debate round (with each model's revision forming), each reviewer, and the
// synthesis the same way; an adaptive consultation's escalation to the whole panel gets its own line.
// Redrawn in place (live-block.ts, cli-spinners) on a terminal that may show colour; elsewhere (a pipe,
// NO_COLOR, TERM=dumb) one plain line per finished step, no text and no cursor movement.

import cliSpinners from "cli-spinners";
import type { ConsultationEvent } from "../../contract/progress-events.ts";
import { liveBlock } from "./live-block.ts";
import type { TerminalStyle } from "./terminal-style.ts";
import { oneLine, previewLine } from "./text-preview.ts";

interface Row {
  label: string;
  state: "running" | "done" | "failed";
  started: number;
  detail: string;
  /** Answers forming under the row, by author ("" for the row's own model). */
  texts: Map<string, string>;
}

/** A progress board on `stream`. */
export interface ProgressBoard {
  /** Whether the board redraws in place, so answers forming can be shown (ask for `stream` then). */
  readonly live: boolean;
  onEvent(event: ConsultationEvent): void;
  /** Leaves the final lines in place; `completed` marks a debate round still open as over. */
  stop(completed?: boolean): void;
}

const indent = "    ";

/** A progress board on `stream`; `onEvent` feeds it, `stop` leaves the final lines in place. */
export function progressBoard(stream: NodeJS.WriteStream, style: TerminalStyle): ProgressBoard {
  const { colors } = style;
  const rows = new Map<string, Row>();
  const spinner = cliSpinners.dots;
  let frame = 0;
  let round = 0;
  let stopped = false;
  const block = style.live ? liveBlock(stream, style.width) : undefined;
  const seconds = (row: Row) => `${((performance.now() - row.started) / 1000).toFixed(1)} s`;
  const render = () => {
    if (!block) return;
    const room = Math.max(10, (stream.columns || style.width) - indent.length - 1);
    const lines = [...rows.values()].flatMap((row) => {
      if (row.state !== "running") {
        const mark = row.state === "done" ? colors.green("✓") : colors.red("✗");
        return [`${mark} ${row.label} ${colors.dim(row.detail)}`];
      }
      const head = `${colors.cyan(spinner.frames[frame % spinner.frames.length] ?? "-")} ${row.label} ${colors.dim(seconds(row))}`;
      if (stopped) return [head];
      const forming = [...row.texts].flatMap(([author, text]) => {
        const line = previewLine(text, room - (author ? author.length + 2 : 0));
        return line ? [`${indent}${colors.dim(author ? `${author}: ${line}` : line)}`] : [];
      });
      return [head, ...forming];
    });
    if (stopped) block.finish(lines);
    else block.draw(lines);
  };
  const timer = block
    ? setInterval(() => {
        frame += 1;
        render();
      }, spinner.interval)
    : undefined;
  timer?.unref();

  const start = (key: string, label: string) =>
    rows.set(key, { label, state: "running", started: performance.now(), detail: "", texts: new Map() });
  const finish = (key: string, failed: boolean, detail: string) => {
    const row = rows.get(key);
    if (row?.state !== "running") return;
    row.state = failed ? "failed" : "done";
    row.detail = detail;
    if (!block) stream.write(`${failed ? "✗" : "✓"} ${row.label} ${detail}\n`);
  };
  /** A debate round has no end event of its own: it is over when the next stage starts. */
  const closeRound = () => {
    const row = rows.get(`round:${round}`);
    if (row) finish(`round:${round}`, false, seconds(row));
  };
  const append = (key: string, author: string, delta: string) => {
    const texts = rows.get(key)?.texts;
    texts?.set(author, `${texts.get(author) ?? ""}${delta}`);
  };

  return {
    live: block !== undefined,
    onEvent(event) {
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
        // The first two's synthesis keeps its line; the whole panel's gets its own.
        for (const [key, row] of [...rows]) {
          if (!key.startsWith("synthesis:")) continue;
          rows.delete(key);
          rows.set(`first-${key}`, { ...row, label: `first ${row.label}` });
        }
        const label = `asking ${event.models.join(", ")} too: ${oneLine(event.reason).slice(0, 80)}`;
        rows.set("adaptive", {
          label,
          state: "done",
          started: performance.now(),
          detail: "",
          texts: new Map(),
        });
        if (!block) stream.write(`→ ${label}\n`);
      } else if (event.type === "round-started") {
        closeRound();
        round = event.round;
        start(`round:${round}`, `debate round ${round}: ${event.models.join(", ")} revise`);
      } else if (event.type === "review-started") {
        closeRound();
        for (const reviewer of event.reviewers) start(`review:${reviewer}`, `review by ${reviewer}`);
      } else if (event.type === "review-finished") {
        const key = `review:${event.reviewer}`;
        const row = rows.get(key);
        const took = row ? seconds(row) : "";
        const failure = event.failure ? `: ${event.failure.replace(/\s+/g, " ").slice(0, 80)}` : "";
        finish(key, event.error, event.error ? `failed after ${took}${failure}` : took);
      } else if (event.type === "synthesis-started") {
        closeRound();
        start(`synthesis:${event.model}`, `synthesis by ${event.model}`);
      } else if (event.type === "synthesis-finished") {
        const row = rows.get(`synthesis:${event.model}`);
        const took = row ? seconds(row) : "";
        finish(`synthesis:${event.model}`, event.error, event.error ? `failed after ${took}` : took);
      }
      render();
    },
    stop(completed = false) {
      if (timer) clearInterval(timer);
      if (completed) closeRound();
      stopped = true;
      render();
    },
  };
}
