// The progress heartbeat, on a mocked clock: while a consultation runs, a caller that sent a progress
// token hears from the server at every interval (naming what it still waits for), so a client that resets
// its timeout on progress never times out; nothing after the call ends, nothing without a token.

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";
import type { ServerContext } from "@modelcontextprotocol/server";
import { heartbeatIntervalMs, progressReporter } from "../../src/mcp/progress-reporter.ts";

/** A tool call's context that records the progress notifications sent on it. */
function callContext(progressToken?: string) {
  const sent: { progress: number; message: string }[] = [];
  const logged: { level: string; data: Record<string, unknown> }[] = [];
  const context = {
    mcpReq: {
      _meta: progressToken === undefined ? {} : { progressToken },
      notify: async (notification: { params: { progress: number; message: string } }) =>
        void sent.push(notification.params),
      log: async (level: string, data: Record<string, unknown>) => void logged.push({ level, data }),
    },
  } as unknown as ServerContext;
  return { context, sent, logged };
}

describe("the progress heartbeat", () => {
  beforeEach(() => mock.timers.enable({ apis: ["setInterval"] }));
  afterEach(() => mock.timers.reset());

  it("reports at every interval while a model runs, with growing progress, and stops with the call", () => {
    const { context, sent } = callContext("token-1");
    const reporter = progressReporter(context);
    reporter.onEvent({ type: "consultation-started", models: ["claude"], synthesis: false });
    reporter.onEvent({ type: "model-started", model: "claude", role: "primary" });
    assert.equal(sent.length, 2);
    mock.timers.tick(heartbeatIntervalMs - 1);
    assert.equal(sent.length, 2, "no heartbeat before the interval");
    mock.timers.tick(1);
    assert.equal(sent.length, 3);
    assert.match(sent[2]?.message ?? "", /^still waiting for claude \(\d+ s\)$/);
    mock.timers.tick(heartbeatIntervalMs * 5);
    assert.equal(sent.length, 8, "one heartbeat per interval");
    const progress = sent.map((notification) => notification.progress);
    assert.deepEqual(
      progress,
      [...progress].sort((a, b) => a - b),
      "progress grows",
    );
    assert.equal(new Set(progress).size, progress.length, "progress grows with every notification");
    reporter.stop();
    mock.timers.tick(heartbeatIntervalMs * 3);
    assert.equal(sent.length, 8, "nothing after the call ended");
  });

  it("sends nothing to a caller that sent no progress token", () => {
    const { context, sent } = callContext();
    const reporter = progressReporter(context);
    reporter.onEvent({ type: "consultation-started", models: ["claude"], synthesis: false });
    mock.timers.tick(heartbeatIntervalMs * 3);
    reporter.stop();
    assert.deepEqual(sent, []);
  });

  it("still logs a retry and a failure to a caller that sent no progress token", () => {
    const { context, sent, logged } = callContext();
    const reporter = progressReporter(context);
    reporter.onEvent({ type: "consultation-started", models: ["claude"], synthesis: false });
    reporter.onEvent({
      type: "model-retrying",
      model: "claude",
      attempt: 1,
      delayMs: 500,
      reason: "rate limited",
    });
    reporter.onEvent({
      type: "model-finished",
      model: "claude",
      role: "primary",
      latencyMs: 1200,
      error: true,
      failure: "The provider refused the key.",
    });
    reporter.stop();
    assert.deepEqual(sent, []);
    assert.deepEqual(
      logged.map((entry) => [entry.level, entry.data.event]),
      [
        ["info", "model-retrying"],
        ["warning", "model-finished"],
      ],
    );
  });
});
