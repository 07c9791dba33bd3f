// A provider's answer has a size cap: an answer past `defaults.maxAnswerBytes` (1 MiB of text unless the
// config file says otherwise) becomes that model's error opinion saying it was too large, whether it came
// whole or streamed (stopped as it passes the cap), the other models' opinions and the synthesis go on,
// and nothing of it is stored or returned.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { streamTextKey } from "../../src/contract/progress-events.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { historyOf, modelIds, secondOpinionOf } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

/** `kibibytes` KiB of text in words of 1 KiB, so a stream carries it in that many deltas. */
const textOf = (kibibytes: number) => `${"x".repeat(1023)} `.repeat(kibibytes);

describe("the size cap of an answer", () => {
  let simulator: ProviderSimulator;
  const servers: (InProcessServer | ServerProcess)[] = [];
  const clients: TestClient[] = [];
  const start = async (defaults: Record<string, unknown> = {}) => {
    // A megabyte streams in well under a second, but not always on a loaded machine: the deadline is not
    // what is under test.
    const { environment } = await serverEnvironment(simulator.url, {
      maxRetries: 0,
      modelDeadlineMs: 60_000,
      ...defaults,
    });
    const server = await startHttpServerInProcess(environment);
    servers.push(server);
    const client = await connectClient("v2-modern", { transport: "http", url: server.url });
    clients.push(client);
    return client;
  };
  const ask = (client: TestClient, streamed: boolean) =>
    client.callTool(
      "agent.second_opinion",
      { question: "How long can an answer be?", primaryModel: "cerebras", secondaryModels: ["grok"] },
      streamed ? { onprogress: () => {}, meta: { [streamTextKey]: true } } : {},
    );

  before(async () => {
    simulator = await startProviderSimulator();
  });
  after(async () => {
    for (const client of clients) await client.close().catch(() => {});
    for (const server of servers) await server.stop();
    await simulator?.close();
  });

  it("drops an answer of more than 1 MiB, whole or streamed, and keeps the others and the synthesis", async () => {
    const client = await start();
    simulator.setBehaviour(modelIds.grok, { text: textOf(1536) });
    try {
      for (const streamed of [false, true]) {
        const result = secondOpinionOf(await ask(client, streamed));
        const grok = result.secondaryOpinions.find((opinion) => opinion.model === "grok");
        assert.equal(grok?.error, true, `streamed: ${streamed}`);
        assert.match(
          grok?.response ?? "",
          /^Grok .* sent an answer of more than 1 MiB of text, so it was stopped and dropped\. If such long answers are expected, raise defaults\.maxAnswerBytes/,
        );
        assert.equal(result.primary.error, undefined);
        assert.ok(result.synthesis && !result.synthesis.error, "no synthesis");
        assert.equal(result.summary.failedModels, 1);
        const history = historyOf(
          await client.callTool("conversation.get-history", { conversationId: result.conversationId }),
        );
        assert.ok(JSON.stringify(history).length < 100_000, "the large answer was stored");
      }
    } finally {
      simulator.setBehaviour(modelIds.grok, {});
    }
  });

  it("takes another cap from the config file's defaults.maxAnswerBytes", async () => {
    const client = await start({ maxAnswerBytes: 65_536 });
    simulator.setBehaviour(modelIds.grok, { text: textOf(60) });
    try {
      const fits = secondOpinionOf(await ask(client, true));
      assert.equal(fits.secondaryOpinions[0]?.error, undefined);
      assert.equal(fits.secondaryOpinions[0]?.response.length, 60 * 1024);
      simulator.setBehaviour(modelIds.grok, { text: textOf(70) });
      const over = secondOpinionOf(await ask(client, false));
      assert.match(over.secondaryOpinions[0]?.response ?? "", /more than 64 KiB of text/);
    } finally {
      simulator.setBehaviour(modelIds.grok, {});
    }
  });

  it("stops a streamed synthesis of 2 MiB as it passes the cap, with the server's memory bounded", {
    timeout: 120_000,
  }, async () => {
    const { environment } = await serverEnvironment(simulator.url, {
      maxRetries: 0,
      modelDeadlineMs: 60_000,
    });
    const server = await startHttpServerProcess(environment);
    servers.push(server);
    const client = await connectClient("v2-modern", { transport: "http", url: server.url });
    clients.push(client);
    // Every synthesis model ignores its token limit: 2 MiB of text over the schema's string fields.
    const hostile = {
      text: (request: { structured: boolean }) =>
        request.structured
          ? JSON.stringify({ synthesis: textOf(1024), consensus: textOf(1024) })
          : "A short opinion.",
    };
    // Earlier tests leave models with behaviours of their own, which win over the default.
    simulator.reset();
    simulator.setDefaultBehaviour(hostile);
    try {
      const result = secondOpinionOf(await ask(client, true));
      assert.equal(result.synthesis?.error, true, JSON.stringify(result.synthesis).slice(0, 300));
      assert.match(
        result.synthesis?.response ?? "",
        /sent an answer of more than 1 MiB of text, so it was stopped/,
      );
      assert.equal(result.primary.error, undefined);
      const peak = Number(
        /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.process.pid}/status`, "utf8"))?.[1],
      );
      // A fresh server and the stopped 1 MiB answer peaked at 225 to 310 MB across runs; the SDK's own parse
      // of the partial object at every piece, which this guards against, took 2.5 GB (and over a minute).
      assert.ok(peak > 0 && peak < 400 * 1024, `the server's memory peaked at ${Math.round(peak / 1024)} MB`);
      assert.equal((await fetch(`${server.url}/health`)).status, 200);
    } finally {
      simulator.reset();
    }
  });
});
