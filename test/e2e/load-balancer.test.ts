// The load-balancer example of docs/scale.md, run as written: nginx with deploy/nginx-ai-universe.conf in
// front of three nodes on one PostgreSQL. Calls spread over every node; a 2025 session stays on its
// node and streams its progress; a node shut down (SIGTERM) or killed (SIGKILL) while calls keep
// coming costs no call; and results still match the seed schemas.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { type PostgresServer, startPostgresServer } from "../store/postgres-server.ts";
import { startTogether } from "../support/start-together.ts";
import { makeApiKey } from "./support/cli-process.ts";
import { secondOpinionOf } from "./support/e2e-fixture.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { type ClientKind, connectClient, type TestClient } from "./support/mcp-clients.ts";
import { type NginxProcess, startNginx } from "./support/nginx-process.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const site = fileURLToPath(new URL("../../deploy/nginx-ai-universe.conf", import.meta.url));

describe("three nodes behind nginx, configured as docs/scale.md says", () => {
  let postgres: PostgresServer;
  let simulator: ProviderSimulator;
  let nginx: NginxProcess;
  let key = "";
  const nodes: ServerProcess[] = [];
  const clients: TestClient[] = [];
  const connect = async (kind: ClientKind = "v2-modern") => {
    const client = await connectClient(kind, {
      transport: "http",
      url: nginx.url,
      headers: { authorization: `Bearer ${key}` },
    });
    clients.push(client);
    return client;
  };
  /** How many MCP requests each node has logged. */
  const servedBy = () => nodes.map((node) => node.stderr().split('"path":"/mcp"').length - 1);

  before(async () => {
    postgres = await startPostgresServer();
    simulator = await startProviderSimulator();
    const prepared = await serverEnvironment(simulator.url, { maxRetries: 0 });
    const environment = {
      ...prepared.environment,
      AI_UNIVERSE_AUTH: "api-key",
      AI_UNIVERSE_LOG_FORMAT: "json",
      DATABASE_URL: await postgres.newDatabase(),
    };
    key = await makeApiKey(environment, "ann", "admin");
    nodes.push(...(await startTogether([0, 1, 2].map(() => startHttpServerProcess(environment)))));
    nginx = await startNginx(
      site,
      nodes.map((node) => node.url),
    );
  });
  after(async () => {
    for (const client of clients) await client.close().catch(() => {});
    await nginx?.stop();
    for (const node of nodes) await node.stop();
    await simulator?.close();
    await postgres?.stop();
  });

  it("spreads calls over every node, with results that match the seed schemas", async () => {
    const client = await connect();
    const before = servedBy();
    const asked = secondOpinionOf(
      await client.callTool("agent.second_opinion", { question: "Through nginx?", maxOpinions: 1 }),
    );
    for (let call = 0; call < 30; call += 1) {
      const listed = await client.callTool("conversation.list", {});
      assert.notEqual(listed.isError, true);
    }
    const after = servedBy();
    assert.ok(
      after.every((count, index) => count > (before[index] ?? 0)),
      `every node served some calls: ${before} -> ${after}`,
    );
    assert.ok(asked.conversationId);
  });

  it("serves a 2025 session on whichever node its calls land, and streams its progress through", async () => {
    const client = await connect("v1-2025-11-25");
    const progress: string[] = [];
    for (let call = 0; call < 5; call += 1) {
      const result = await client.callTool(
        "agent.second_opinion",
        { question: `Session call ${call}`, maxOpinions: 1 },
        { onprogress: (update) => progress.push(update.message ?? "") },
      );
      secondOpinionOf(result);
    }
    assert.ok(progress.length >= 5, `progress arrived through nginx: ${progress.length} updates`);
  });

  it("loses no call while one node shuts down and another is killed", async () => {
    const client = await connect();
    const calls: Promise<unknown>[] = [];
    for (let call = 0; call < 40; call += 1) {
      if (call === 10) void nodes[1]?.stop();
      if (call === 25) nodes[2]?.process.kill("SIGKILL");
      calls.push(
        client.callTool("conversation.list", {}).then((result) => {
          assert.notEqual(result.isError, true);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(calls);
    const answered = await client.callTool("agent.second_opinion", {
      question: "Still here?",
      maxOpinions: 0,
    });
    secondOpinionOf(answered);
  });
});
