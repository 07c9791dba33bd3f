// The live view of a running consultation: one line per model that spins while the model thinks and
// turns into ✓ or ✗ with latency, tokens and cost when it finishes, then the synthesis the same way.
// Redrawn in place (log-update, cli-spinners) on a terminal; elsewhere one plain line per finished model.

import cliSpinners from "cli-spinners";
import { createLogUpdate } from "log-update";
import type { ConsultationEvent } from "../../consultation/opinion.ts";
import type { TerminalStyle } from "./terminal-style.ts";

interface Row {
  label: string;
  state: "running" | "done" | "failed";
  started: number;
  detail: string;
}

/** A progress board on `stream`; `onEvent` feeds it, `stop` leaves the final lines in place. */
export function progressBoard(stream: NodeJS.WriteStream, style: TerminalStyle) {
  const { colors } = style;
  const rows = new Map<string, Row>();
  const spinner = cliSpinners.dots;
  let frame = 0;
  const draw = style.live ? createLogUpdate(stream, { showCursor: true }) : undefined;
  const render = () => {
    if (!draw) return;
    const lines = [...rows.values()].map((row) => {
      const seconds = ((performance.now() - row.started) / 1000).toFixed(1);
      if (row.state === "running") {
        return `${colors.cyan(spinner.frames[frame % spinner.frames.length] ?? "-")} ${row.label} ${colors.dim(`${seconds} s`)}`;
      }
      const mark = row.state === "done" ? colors.green("✓") : colors.red("✗");
      return `${mark} ${row.label} ${colors.dim(row.detail)}`;
    });
    draw(lines.join("\n"));
  };
  const timer = draw
    ? setInterval(() => {
        frame += 1;
        render();
      }, spinner.interval)
    : undefined;
  timer?.unref();

  const finish = (key: string, failed: boolean, detail: string) => {
    const row = rows.get(key);
    if (!row) return;
    row.state = failed ? "failed" : "done";
    row.detail = detail;
    if (draw) render();
    else stream.write(`${failed ? "✗" : "✓"} ${row.label} ${detail}\n`);
  };

  return {
    onEvent(event: ConsultationEvent) {
      if (event.type === "model-started") {
        rows.set(event.model, {
          label: `${event.model} (${event.role})`,
          state: "running",
          started: performance.now(),
          detail: "",
        });
      } else if (event.type === "synthesis-started") {
        rows.set(`synthesis:${event.model}`, {
          label: `synthesis by ${event.model}`,
          state: "running",
          started: performance.now(),
          detail: "",
        });
      } else if (event.type === "model-finished") {
        const parts = [`${(event.latencyMs / 1000).toFixed(1)} s`];
        if (event.tokensUsed !== undefined) parts.push(`${event.tokensUsed} tokens`);
        if (event.cost !== undefined) parts.push(`$${event.cost.toFixed(4)}`);
        finish(event.model, event.error, event.error ? `failed after ${parts[0]}` : parts.join(", "));
      } else if (event.type === "synthesis-finished") {
        const row = rows.get(`synthesis:${event.model}`);
        const seconds = row ? `${((performance.now() - row.started) / 1000).toFixed(1)} s` : "";
        finish(`synthesis:${event.model}`, event.error, event.error ? `failed after ${seconds}` : seconds);
      } else if (event.type === "model-retrying") {
        const row = rows.get(event.model);
        if (row) row.label = `${event.model} (retry ${event.attempt}: ${event.reason.slice(0, 60)})`;
      }
      render();
    },
    stop() {
      if (timer) clearInterval(timer);
      render();
      draw?.done();
    },
  };
}
