// Reports a running consultation to the client: a progress notification at each model's start and
// finish and around the synthesis, plus a heartbeat while anything still runs, so clients that reset
// their timeout on progress never time out on slow models (and each model's text as it forms, when the
// call asks for it); and log messages for failures and retries.

import type { ServerContext } from "@modelcontextprotocol/server";
import { type ConsultationEvent, progressEventKey, streamTextKey } from "../contract/progress-events.ts";

/** The longest silence while a consultation runs, in milliseconds (clients time out at 60 s). */
export const heartbeatIntervalMs = 10_000;

/** A reporter for one tool call: `onEvent` for the run, `stop` when it ends. */
export interface ProgressReporter {
  /** Whether the client takes progress (sent a progress token). */
  takesProgress: boolean;
  /** Whether it also asked for the answers as they form (`streamTextKey`), so they should stream into it. */
  streams: boolean;
  onEvent(event: ConsultationEvent): void;
  stop(): void;
}

/**
 * Reports progress when the client sent a progress token, and logs failures and retries either way; the
 * answers stream into the progress only when the call's `_meta` also sets `streamTextKey`.
 */
export function progressReporter(context: ServerContext, intervalMs = heartbeatIntervalMs): ProgressReporter {
  const progressToken = context.mcpReq._meta?.progressToken;
  const streams = progressToken !== undefined && context.mcpReq._meta?.[streamTextKey] === true;
  const log = (level: "info" | "warning", data: Record<string, unknown>) =>
    void context.mcpReq.log(level, data, "ai-universe").catch(() => {});
  const running = new Map<string, number>();
  let total = 0;
  let steps = 0;
  let beats = 0;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const notify = (message: string, event?: ConsultationEvent) => {
    // Progress must grow with every notification: a heartbeat adds a fraction below the next step.
    const progress = steps + beats / (beats + 1);
    // The event itself rides along in _meta, for clients (the ai-universe CLI) that draw per-model progress.
    const meta = event ? { _meta: { [progressEventKey]: event } } : {};
    void context.mcpReq
      .notify({
        method: "notifications/progress",
        params: { progressToken, progress, total, message, ...meta },
      })
      .catch(() => {});
  };
  const beat = () => {
    beats += 1;
    const waiting = [...running.entries()].map(
      ([name, started]) => `${name} (${Math.round((performance.now() - started) / 1000)} s)`,
    );
    notify(`still waiting for ${waiting.join(", ") || "the consultation"}`);
  };
  return {
    takesProgress: progressToken !== undefined,
    streams,
    onEvent(event) {
      if (event.type === "model-retrying") {
        log("info", {
          event: event.type,
          model: event.model,
          attempt: event.attempt,
          delayMs: event.delayMs,
          reason: event.reason,
        });
        return;
      }
      if ((event.type === "model-finished" || event.type === "synthesis-finished") && event.failure) {
        log("warning", { event: event.type, model: event.model, failure: event.failure });
      }
      // Without a token nothing is reported: no step to count, no message to write.
      if (progressToken === undefined) return;
      if (event.type === "consultation-started") {
        total = event.models.length * 2 + (event.synthesis ? 2 : 0);
        heartbeat ??= setInterval(beat, intervalMs);
      } else if (event.type === "adaptive-escalated") {
        // The rest of the panel, and the synthesis of everyone, are steps still to come.
        total += event.models.length * 2 + 2;
        steps += 1;
        beats = 0;
      } else {
        steps += 1;
        beats = 0;
      }
      if (event.type === "model-started" || event.type === "synthesis-started")
        running.set(nameOf(event), performance.now());
      if (event.type === "model-finished" || event.type === "synthesis-finished")
        running.delete(nameOf(event));
      total = Math.max(total, steps);
      notify(describe(event), event);
    },
    stop() {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = undefined;
    },
  };
}

function nameOf(event: { type: string; model: string }): string {
  return event.type.startsWith("synthesis") ? `synthesis by ${event.model}` : event.model;
}

function describe(event: Exclude<ConsultationEvent, { type: "model-retrying" }>): string {
  switch (event.type) {
    case "consultation-started":
      return `asking ${event.models.join(", ")}`;
    case "model-started":
      return `${event.model} (${event.role}) started`;
    case "model-finished":
      return `${event.model} ${event.error ? "failed" : "answered"} in ${(event.latencyMs / 1000).toFixed(1)} s`;
    case "synthesis-started":
      return `synthesis by ${event.model} started`;
    case "synthesis-finished":
      return `synthesis by ${event.model} ${event.error ? "failed" : "finished"}`;
    case "model-text":
      return event.stage === "synthesis" ? `synthesis by ${event.model} writing` : `${event.model} writing`;
    case "round-started":
      return `round ${event.round}: ${event.models.join(", ")} reconsider`;
    case "review-started":
      return `review by ${event.reviewers.join(", ")}`;
    case "review-finished":
      return `${event.reviewer} ${event.error ? "could not review" : "ranked the answers"}`;
    case "adaptive-escalated":
      return `asking ${event.models.join(", ")} too: ${event.reason}`;
  }
}
