// Who gets an answer-by time at the MCP edge: callers without a progress token, and clients known to
// give up at a fixed time (by name, from a table the config file extends); everyone else waits fully.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { clientTimeLimits } from "../../src/configuration/client-time-limits.ts";
import { defaultConsultation } from "../../src/configuration/configuration.ts";
import { answerWithinFor } from "../../src/mcp/answer-by.ts";

const configuration = {
  clientTimeLimits: clientTimeLimits({ "slow-ide": 30 }),
  defaults: defaultConsultation,
};

describe("answerWithinFor", () => {
  it("gives callers without a progress token the server's answer-by time", () => {
    assert.equal(answerWithinFor({ takesProgress: false }, configuration), 50_000);
    assert.equal(answerWithinFor({ takesProgress: false, clientName: "claude-code" }, configuration), 50_000);
  });

  it("keeps the full wait for a caller that takes progress, Claude Code among them", () => {
    assert.equal(answerWithinFor({ takesProgress: true }, configuration), undefined);
    assert.equal(
      answerWithinFor({ takesProgress: true, clientName: "claude-code" }, configuration),
      undefined,
    );
  });

  it("answers clients known to give up at 60 s before then, progress or not", () => {
    for (const clientName of ["claude-ai", "Claude-AI Desktop", "github-copilot-cli", "cowork"]) {
      assert.equal(answerWithinFor({ takesProgress: true, clientName }, configuration), 50_000, clientName);
    }
  });

  it("takes limits from the config file, ten seconds before the client's own", () => {
    assert.equal(answerWithinFor({ takesProgress: true, clientName: "my-slow-ide" }, configuration), 20_000);
  });
});
