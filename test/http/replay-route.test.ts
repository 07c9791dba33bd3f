// The web page's "Replay" button, at the route it calls: POST /api/replays streams the progress of a stored
// question asked again, then its result with `replay` (the turn it replays and what changed); an
// unknown conversation ends the stream with conversation_not_found. The real runtime in process, the
// provider simulator behind it.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type InProcessApp, startHttpAppInProcess } from "../e2e/support/http-server-in-process.ts";
import { serverEnvironment } from "../e2e/support/server-environment.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";

const changing = { "content-type": "application/json", "x-requested-with": "ai-universe" };

/** The events of a streamed answer, each with its parsed data. */
async function eventsOf(response: Response): Promise<{ event: string; data: Record<string, unknown> }[]> {
  const text = await response.text();
  return [...text.matchAll(/^event: (\w+)\ndata: (.*)$/gm)].map((match) => ({
    event: match[1] ?? "",
    data: JSON.parse(match[2] ?? "{}") as Record<string, unknown>,
  }));
}

describe("POST /api/replays", () => {
  let simulator: ProviderSimulator;
  let app: InProcessApp;
  before(async () => {
    simulator = await startProviderSimulator();
    app = await startHttpAppInProcess((await serverEnvironment(simulator.url)).environment);
  });
  after(async () => {
    await app?.stop();
    await simulator?.close();
  });

  it("asks a stored question again as a new turn and answers with what changed", async () => {
    const asked = await eventsOf(
      await app.request("/api/consultations", {
        method: "POST",
        headers: changing,
        body: JSON.stringify({
          question: "Ask me twice",
          primaryModel: "claude",
          secondaryModels: ["gemini"],
        }),
      }),
    );
    const first = asked.find((entry) => entry.event === "result")?.data;
    assert.ok(first, JSON.stringify(asked.at(-1)));
    const replayed = await eventsOf(
      await app.request("/api/replays", {
        method: "POST",
        headers: changing,
        body: JSON.stringify({ conversationId: first.conversationId, models: ["claude", "gemini"] }),
      }),
    );
    const result = replayed.find((entry) => entry.event === "result")?.data as
      | { conversationId: string; replay: { replayOf: { turn: number; messageId: string } } }
      | undefined;
    assert.ok(result, JSON.stringify(replayed.at(-1)));
    assert.equal(result.conversationId, first.conversationId);
    assert.deepEqual(result.replay.replayOf, { turn: 1, messageId: first.assistantMessageId });

    const missing = await eventsOf(
      await app.request("/api/replays", {
        method: "POST",
        headers: changing,
        body: JSON.stringify({ conversationId: "00000000-0000-4000-8000-000000000000" }),
      }),
    );
    assert.equal(missing.at(-1)?.event, "error");
    assert.equal(missing.at(-1)?.data.code, "conversation_not_found");
  });
});
