// Replay end to end over MCP (the SDK v1 client on the 2025-11-25 revision and the v2 client, HTTP)
// against the provider simulator: a question is asked, the models then change their answers (as a new
// release would), and `conversation.replay` asks it again as a new turn of the same conversation,
// marked replayOf, with the diff: the verdict go → block, the agreement, a claim added and one
// dropped, and who changed their mind. Results satisfy the seed schemas and the contract; an unknown
// turn, conversation or model is refused with its code.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { ReplayResult } from "../../src/contract/replay.ts";
import type { AnswerRequest } from "../simulator/behaviour.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { assertMatchesOutputSchema, assertMatchesSeedSchema } from "../support/seed-schemas.ts";
import { errorTextOf, historyOf, modelIds, secondOpinionOf } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { connectClient, type ToolResult } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

/** The synthesis of the first ask: go, two claims. */
const firstSynthesis = {
  synthesis: "**Go**: the migration is safe.",
  agreement: { score: 0.9, reason: "all three agree" },
  consensus: [],
  dissent: [],
  verdict: {
    decision: "go",
    reason: "reversible and tested",
    votes: [
      { model: "claude", vote: "go" },
      { model: "gemini", vote: "go" },
      { model: "grok", vote: "go" },
    ],
  },
  positions: [],
  claims: [
    { claim: "The migration is reversible.", models: ["claude", "grok"], contradictedBy: [], sources: [] },
    { claim: "Tests cover the migration", models: ["gemini"], contradictedBy: [], sources: [] },
  ],
};

/** The synthesis after the models changed: block; grok now contradicts a claim it backed; claude votes block. */
const laterSynthesis = {
  ...firstSynthesis,
  synthesis: "**Block**: the migration needs a lock.",
  agreement: { score: 0.4, reason: "split" },
  verdict: {
    decision: "block",
    reason: "it takes a table lock",
    votes: [
      { model: "claude", vote: "block" },
      { model: "gemini", vote: "go" },
      { model: "grok", vote: "block" },
    ],
  },
  claims: [
    { claim: "the migration is REVERSIBLE", models: ["claude"], contradictedBy: ["grok"], sources: [] },
    { claim: "It takes a table lock", models: ["claude", "grok"], contradictedBy: [], sources: [] },
  ],
};

describe("conversation.replay over MCP", () => {
  let simulator: ProviderSimulator;
  let server: InProcessServer;
  let released = false;
  const answers = (request: AnswerRequest) =>
    request.structured
      ? JSON.stringify(released ? laterSynthesis : firstSynthesis)
      : released
        ? "Block: it locks the table."
        : "Go: it is reversible.";

  before(async () => {
    simulator = await startProviderSimulator();
    for (const model of [modelIds.claude, modelIds.gemini, modelIds.grok]) {
      simulator.setBehaviour(model, { text: answers });
    }
    const { environment } = await serverEnvironment(simulator.url, { maxRetries: 0 });
    server = await startHttpServerInProcess(environment);
  });
  after(async () => {
    await server?.stop();
    await simulator?.close();
  });

  for (const kind of ["v1-2025-11-25", "v2-modern"] as const) {
    it(`asks a stored question again as a marked new turn and says what changed (${kind})`, async () => {
      released = false;
      const client = await connectClient(kind, { transport: "http", url: server.url });
      try {
        const asked = secondOpinionOf(
          await client.callTool("agent.second_opinion", {
            question: `Is the migration safe? (${kind})`,
            primaryModel: "claude",
            secondaryModels: ["gemini", "grok"],
          }),
        );
        released = true;
        const askedBefore = simulator.requests.length;
        const called = await client.callTool("conversation.replay", {
          conversationId: asked.conversationId,
          models: ["claude", "gemini", "grok"],
        });
        // The models read the question afresh: neither the old answer nor its synthesis leads them.
        const replayRequests = JSON.stringify(
          simulator.requests.slice(askedBefore).map((request) => request.body),
        );
        assert.match(replayRequests, /Is the migration safe\?/);
        assert.doesNotMatch(replayRequests, /it is reversible|the migration is safe/);
        const replayed = replayOf(called);
        assert.equal(replayed.conversationId, asked.conversationId);
        assert.deepEqual(replayed.replay.replayOf, { messageId: asked.assistantMessageId, turn: 1 });
        const { diff } = replayed.replay;
        assert.deepEqual(diff.verdict, { before: "go", after: "block", changed: true });
        assert.deepEqual(diff.agreement, { before: 0.9, after: 0.4 });
        assert.deepEqual(diff.claimsAdded, ["It takes a table lock"]);
        assert.deepEqual(diff.claimsDropped, ["Tests cover the migration"]);
        assert.deepEqual(
          diff.changedMinds.map((entry) => entry.model),
          ["claude", "grok", "grok"],
        );
        const text = called.content.map((block) => block.text ?? "").join("\n");
        assert.match(text, /Replay of turn 1/);
        assert.match(text, /Verdict: go → block/);
        assert.match(text, /\+ claim: It takes a table lock/);

        const history = historyOf(
          await client.callTool("conversation.get-history", { conversationId: asked.conversationId }),
        );
        assert.equal(history.messages.length, 4);
        assert.deepEqual(history.messages[3]?.metadata.replayOf, replayed.replay.replayOf);
        assert.equal(history.messages[2]?.content, `Is the migration safe? (${kind})`);
      } finally {
        await client.close();
      }
    });
  }

  it("refuses an unknown turn, conversation or model with the code that says so", async () => {
    released = false;
    const client = await connectClient("v2-modern", { transport: "http", url: server.url });
    try {
      const asked = secondOpinionOf(
        await client.callTool("agent.second_opinion", {
          question: "One turn",
          primaryModel: "claude",
          maxOpinions: 0,
        }),
      );
      const turn = errorTextOf(
        await client.callTool("conversation.replay", { conversationId: asked.conversationId, turn: 5 }),
      );
      assert.match(turn, /conversation_not_found.*has no turn 5: it has 1 \(turn 1 to 1\)/);
      const missing = errorTextOf(
        await client.callTool("conversation.replay", {
          conversationId: "00000000-0000-4000-8000-000000000000",
        }),
      );
      assert.match(missing, /conversation_not_found.*does not exist/);
      const model = errorTextOf(
        await client.callTool("conversation.replay", {
          conversationId: asked.conversationId,
          models: ["claude", "no-such-model"],
        }),
      );
      assert.match(model, /unknown_model/);
    } finally {
      await client.close();
    }
  });
});

/** The structured result of a replay, checked against the second-opinion seed schema and the contract. */
function replayOf(result: ToolResult): ReplayResult {
  assert.notEqual(result.isError, true, `tool failed: ${result.content[0]?.text}`);
  assertMatchesSeedSchema("secondOpinion", result.structuredContent);
  assertMatchesOutputSchema("replay", result.structuredContent);
  return result.structuredContent as unknown as ReplayResult;
}
