// startTogether, which the tests use to start several servers at once: when one start fails, the ones
// that started are stopped before the failure is thrown, so none is left running with nothing to stop it.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { startTogether } from "./start-together.ts";

/** A service that records being stopped, by `stop` or by `close`. */
function service(name: string, stopped: string[], verb: "stop" | "close" = "stop") {
  return { [verb]: async () => void stopped.push(name) } as
    | { stop(): Promise<void> }
    | { close(): Promise<void> };
}

describe("starting servers together", () => {
  it("hands back every started service, in order, and stops none", async () => {
    const stopped: string[] = [];
    const [first, second] = await startTogether([
      Promise.resolve(service("first", stopped)),
      Promise.resolve(service("second", stopped, "close")),
    ]);
    assert.ok("stop" in first && "close" in second);
    assert.deepEqual(stopped, []);
  });

  it("stops the ones that started when one fails, then throws its error", async () => {
    const stopped: string[] = [];
    const failing = Promise.reject(new Error("redis-server is not installed"));
    // This one finishes starting only after the other has failed.
    const late = failing.catch(() => service("late", stopped, "close"));
    const starting = startTogether([Promise.resolve(service("early", stopped)), failing, late]);
    await assert.rejects(starting, /^Error: redis-server is not installed$/);
    assert.deepEqual(stopped.sort(), ["early", "late"]);
  });

  it("names every failure when several fail", async () => {
    const stopped: string[] = [];
    await assert.rejects(
      startTogether([
        Promise.reject(new Error("nginx is missing")),
        Promise.resolve(service("simulator", stopped, "close")),
        Promise.reject(new Error("redis-server is missing")),
      ]),
      (error: AggregateError) => error.message === "nginx is missing\nredis-server is missing",
    );
    assert.deepEqual(stopped, ["simulator"]);
  });
});
