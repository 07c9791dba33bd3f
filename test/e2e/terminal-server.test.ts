// The terminal client's `doctor` (every provider's key and endpoint, the store, and what to fix) and its
// --server mode: asking, listing and searching on a running server with a key, with the same output, and
// the answers as they form only for a board that draws them.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { connect } from "../../src/cli/application-connection.ts";
import type { ConsultationEvent } from "../../src/contract/progress-events.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { serverEnvironment } from "./support/server-environment.ts";
import { piped } from "./support/terminal-capture.ts";

describe("the terminal client's doctor and server mode", () => {
  let simulator: ProviderSimulator;

  before(async () => {
    simulator = await startProviderSimulator();
  });
  after(async () => simulator?.close());

  it("doctor checks every provider's key and endpoint, the store, and says what to fix", async () => {
    const { environment: healthy } = await serverEnvironment(simulator.url);
    const good = await piped(healthy, ["doctor"]);
    assert.equal(good.status, 0, good.stdout + good.stderr);
    assert.match(
      good.stdout,
      /✓ openai: key set, http:\/\/127\.0\.0\.1:\d+\/openai\/v1\/models answered in \d+ ms/,
    );
    assert.match(good.stdout, /✓ anthropic: key set/);
    assert.match(good.stdout, /✓ store .* can be read and written/);
    assert.match(good.stdout, /All is well\./);
    const broken = await piped(
      { ...healthy, OPENAI_API_KEY: "rejected-key-123", XAI_BASE_URL: "http://127.0.0.1:9/v1" },
      ["doctor"],
    );
    assert.equal(broken.status, 1);
    assert.match(broken.stdout, /✗ openai: .* rejected the key \(HTTP 401\): check OPENAI_API_KEY/);
    assert.match(broken.stdout, /✗ xai: http:\/\/127\.0\.0\.1:9\/v1\/models did not answer \(ECONNREFUSED\)/);
    assert.match(broken.stdout, /2 problems to fix/);
    assert.ok(!broken.stdout.includes("rejected-key-123"), "doctor printed a key");
  });

  describe("--server mode", () => {
    let server: InProcessServer;
    let key = "";
    let serverSide: Record<string, string>;
    before(async () => {
      serverSide = {
        ...(await serverEnvironment(simulator.url, { maxRetries: 0 })).environment,
        AI_UNIVERSE_AUTH: "api-key",
      };
      key = (await piped(serverSide, ["keys", "create", "--user", "remote-user"])).stdout.trim();
      server = await startHttpServerInProcess(serverSide);
    });
    after(async () => server?.stop());

    it("gets the answers as they form from the server when it draws them live, and only then", async () => {
      const { environment: elsewhere } = await serverEnvironment(simulator.url);
      const connection = await connect({
        environment: elsewhere,
        format: "text",
        terminal: { server: server.url, apiKey: key },
      } as never);
      try {
        const eventsOf = async (stream: boolean) => {
          const events: ConsultationEvent["type"][] = [];
          await connection.secondOpinion(
            { question: `Forming text, live: ${stream}?`, maxOpinions: 1 },
            { signal: new AbortController().signal, onEvent: (event) => events.push(event.type), stream },
          );
          return events;
        };
        const live = await eventsOf(true);
        assert.ok(live.includes("model-text"), `a live board gets the text: ${live.join(", ")}`);
        const still = await eventsOf(false);
        assert.ok(still.includes("model-finished"), `progress still comes: ${still.join(", ")}`);
        assert.ok(!still.includes("model-text"), `no text is streamed for nothing: ${still.join(", ")}`);
      } finally {
        await connection.close();
      }
    });

    it("asks, lists and searches on a running server with a key, with the same output", async () => {
      const { environment: elsewhere } = await serverEnvironment(simulator.url);
      const remote = ["--server", server.url, "--api-key", key];
      const asked = await piped(elsewhere, [
        "ask",
        "Remote walrus question?",
        "--max-opinions",
        "1",
        ...remote,
      ]);
      assert.equal(asked.status, 0, asked.stderr);
      assert.match(asked.stderr, /^✓ cerebras \(primary\) /m, "progress came through the server");
      assert.match(asked.stdout, /^Synthesis \(by cerebras\)/);
      assert.match(
        (await piped(elsewhere, ["conversations", "--search", "walrus", ...remote])).stdout,
        /\*\*walrus\*\*/,
      );
      const json = await piped(elsewhere, [
        "ask",
        "Remote JSON?",
        "--max-opinions",
        "0",
        "--json",
        ...remote,
      ]);
      assertMatchesSchema("secondOpinion", JSON.parse(json.stdout));
      assert.match(
        (await piped(elsewhere, ["conversations", "--search", "walrus"])).stdout,
        /No conversation matches/,
        "the local store was used",
      );
      const refused = await piped(elsewhere, ["conversations", "--server", server.url]);
      assert.equal(refused.status, 1);
      assert.match(refused.stderr, /does it need --api-key/);
    });
  });
});
