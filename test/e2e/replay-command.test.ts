// `ai-universe replay` end to end: the real command against the provider simulator and a real
// database file. A question is asked with `ask`, the models change their answers (a new release), and
// `replay ID --models ...` asks it again as a new turn, printing what changed first; an unknown turn
// exits 1 with the fix named, and `replay` without an id says what it needs.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { ReplayAnswer } from "../../src/contract/replay.ts";
import type { AnswerRequest } from "../simulator/behaviour.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { runCli } from "./support/cli-process.ts";
import { modelIds } from "./support/e2e-fixture.ts";
import { serverEnvironment } from "./support/server-environment.ts";

/** The synthesis before and after the release: the verdict turns, a claim is replaced. */
const synthesisOf = (released: boolean) => ({
  synthesis: released ? "**Block**: a lock." : "**Go**: safe.",
  agreement: { score: released ? 0.5 : 1, reason: "the models' verdicts" },
  consensus: [],
  dissent: [],
  verdict: {
    decision: released ? "block" : "go",
    reason: "the models say so",
    votes: [
      { model: "claude", vote: released ? "block" : "go" },
      { model: "gemini", vote: "go" },
    ],
  },
  positions: [],
  claims: [
    released
      ? { claim: "It takes a table lock", models: ["claude"], contradictedBy: [], sources: [] }
      : { claim: "It is reversible", models: ["claude", "gemini"], contradictedBy: [], sources: [] },
  ],
});

describe("ai-universe replay", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let released = false;

  before(async () => {
    simulator = await startProviderSimulator();
    const answers = (request: AnswerRequest) =>
      request.structured ? JSON.stringify(synthesisOf(released)) : released ? "Block." : "Go.";
    // Every model, so today's default panel answers the same way, whichever writes the synthesis.
    for (const model of Object.values(modelIds)) {
      simulator.setBehaviour(model, { text: answers });
    }
    ({ environment } = await serverEnvironment(simulator.url, { maxRetries: 0 }));
  });
  after(async () => simulator?.close());

  it("asks a stored question again of the models named and prints what changed first", async () => {
    released = false;
    const asked = await runCli(environment, [
      "ask",
      "Is the migration safe?",
      "--primary",
      "claude",
      "--models",
      "gemini,grok",
      "--json",
    ]);
    assert.equal(asked.status, 0, asked.stderr);
    const { conversationId } = JSON.parse(asked.stdout) as { conversationId: string };

    released = true;
    const replayed = await runCli(environment, ["replay", conversationId, "--models", "claude,gemini"]);
    assert.equal(replayed.status, 0, replayed.stderr);
    const { stdout } = replayed;
    assert.match(
      stdout,
      /^Replay of turn 1: what changed\n {2}Verdict: go → block\n {2}Agreement: 1\.00 → 0\.50/,
    );
    assert.match(stdout, /\+ claim: It takes a table lock/);
    assert.match(stdout, /- claim: It is reversible/);
    assert.match(stdout, /Changed mind: claude voted go, now block/);
    assert.match(stdout, /not stored with a turn: today's defaults are used/);

    const json = await runCli(environment, ["replay", conversationId, "--turn", "1", "--json"]);
    assert.equal(json.status, 0, json.stderr);
    const result = JSON.parse(json.stdout) as ReplayAnswer;
    assert.equal(result.conversationId, conversationId);
    assert.equal(result.replay.replayOf.turn, 1);
    assert.equal(result.replay.diff.verdict.changed, true);
    assert.deepEqual(result.assistantMessage?.metadata.replayOf, result.replay.replayOf);

    const missing = await runCli(environment, ["replay", conversationId, "--turn", "9"]);
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /has no turn 9: it has 3 \(turn 1 to 3\)/);
    assert.doesNotMatch(missing.stderr, / {4}at /, "no stack trace");
  });

  it("says replay needs a conversation id", async () => {
    const bare = await runCli(environment, ["replay"]);
    assert.equal(bare.status, 2);
    assert.match(bare.stderr, /replay needs one conversation id/);
  });
});
