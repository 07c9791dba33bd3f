// The answer-by time is decided in the application, the same for every front end: a request's
// answerWithinSeconds wins (5 to 3600 s, else invalid_argument naming it); MCP callers without a progress
// token and MCP clients known to give up at a fixed time (by name, from a table the config file extends)
// are answered before then; the web page gets the server's answer-by time; the terminal, MCP tasks and
// MCP clients that wait while progress flows keep the full wait.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { answerByOf, type CallingClient } from "../../src/application/answer-by.ts";
import { clientTimeLimits } from "../../src/configuration/client-time-limits.ts";
import { ServiceError } from "../../src/contract/service-error.ts";

const rules = { answerByMs: 50_000, clientTimeLimits: clientTimeLimits({ "slow-ide": 30 }) };
const mcp = (name: string | undefined, takesProgress: boolean): CallingClient => ({
  via: "mcp",
  name,
  version: "1.0.0",
  takesProgress,
});

describe("answerByOf", () => {
  it("gives MCP callers without a progress token the server's answer-by time", () => {
    assert.equal(answerByOf({}, mcp(undefined, false), rules), 50_000);
    assert.equal(answerByOf({}, mcp("claude-code", false), rules), 50_000);
  });

  it("keeps the full wait for an MCP caller that takes progress, Claude Code among them", () => {
    assert.equal(answerByOf({}, mcp(undefined, true), rules), undefined);
    assert.equal(answerByOf({}, mcp("claude-code", true), rules), undefined);
  });

  it("answers clients known to give up at 60 s before then, progress or not", () => {
    for (const name of ["claude-ai", "Claude-AI Desktop", "github-copilot-cli", "cowork"]) {
      assert.equal(answerByOf({}, mcp(name, true), rules), 50_000, name);
    }
    // Even where the operator set a long answer-by time, a client with a hard 60 s limit is answered in 50.
    const patient = { ...rules, answerByMs: 600_000 };
    assert.equal(answerByOf({}, mcp("claude-ai", true), patient), 50_000);
    assert.equal(answerByOf({}, mcp("claude-ai", false), patient), 50_000);
  });

  it("takes limits from the config file, ten seconds before the client's own", () => {
    assert.equal(answerByOf({}, mcp("my-slow-ide", true), rules), 20_000);
  });

  it("gives the web page the server's answer-by time, and the terminal and tasks the full wait", () => {
    assert.equal(answerByOf({}, { via: "web" }, rules), 50_000);
    assert.equal(answerByOf({}, { via: "cli" }, rules), undefined);
    assert.equal(answerByOf({}, undefined, rules), undefined);
  });

  it("lets a request's answerWithinSeconds win, for every client, within 5 to 3600 s", () => {
    const clients: (CallingClient | undefined)[] = [
      mcp("claude-ai", true),
      mcp(undefined, false),
      { via: "web" },
      { via: "cli" },
      undefined,
    ];
    for (const client of clients) {
      assert.equal(answerByOf({ answerWithinSeconds: 90 }, client, rules), 90_000);
      assert.equal(answerByOf({ answerWithinSeconds: 5 }, client, rules), 5_000);
      assert.equal(answerByOf({ answerWithinSeconds: 3600 }, client, rules), 3_600_000);
    }
  });

  it("refuses an answerWithinSeconds out of bounds or not a whole number, naming the field", () => {
    for (const answerWithinSeconds of [4, 3601, 30.5, "30", null]) {
      assert.throws(
        () => answerByOf({ answerWithinSeconds }, { via: "web" }, rules),
        (error: unknown) =>
          error instanceof ServiceError &&
          error.code === "invalid_argument" &&
          /^answerWithinSeconds/.test(error.message),
        String(answerWithinSeconds),
      );
    }
  });
});
