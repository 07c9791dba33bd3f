// A store that cannot be written, on either backend (a read-only SQLite file; a PostgreSQL database whose
// transactions are read-only): the server starts, says so in /health, and every protocol revision still
// opens sessions and answers, each answer saying it was not saved and why. A 2025 session's stream keeps
// its events in this process (said once in the log and in /health), and reads go on as before. In the
// PostgreSQL pass the same file runs on a PostgreSQL database, read-only twice over: its transactions, and a
// role that may only read.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { secondOpinionOf } from "./support/e2e-fixture.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";
import { makeStoreReadOnly, type ReadOnlyKind } from "./support/read-only-store.ts";
import { postgresPassVariable, serverEnvironment } from "./support/server-environment.ts";

/** The read-only stores of this pass: a file on SQLite; on PostgreSQL read-only transactions and a reader role. */
const kinds: ReadOnlyKind[] = process.env[postgresPassVariable]
  ? ["read-only transactions", "a role that may only read"]
  : ["file"];

for (const kind of kinds)
  describe(`a store that cannot be written: ${kind}`, () => {
    let simulator: ProviderSimulator;
    const servers: ServerProcess[] = [];
    const clients: TestClient[] = [];
    let server: ServerProcess;
    let undo = async () => {};
    before(async () => {
      simulator = await startProviderSimulator();
      const setup = await serverEnvironment(simulator.url);
      const seeding = await startHttpServerProcess(setup.environment);
      const seeder = await connectClient("v2-modern", { transport: "http", url: seeding.url });
      await seeder.callTool("conversation.send-message", { content: "Written before" });
      await seeder.close();
      await seeding.stop();
      const readOnly = await makeStoreReadOnly(setup.environment.DATABASE_URL ?? "", setup.directory, kind);
      undo = readOnly.undo;
      server = await startHttpServerProcess(
        { ...setup.environment, DATABASE_URL: readOnly.databaseUrl },
        [],
        [],
        readOnly.identity,
      );
      servers.push(server);
    });
    after(async () => {
      for (const client of clients) await client.close().catch(() => {});
      for (const running of servers) await running.stop();
      await undo();
      await simulator?.close();
    });

    it("starts, and /health says the store cannot be written and why", async () => {
      const report = await (await fetch(`${server.url}/health`)).json();
      assert.equal(report.status, "degraded");
      assert.deepEqual([report.store.reachable, report.store.writable], [true, false]);
      assert.match(report.store.error, /cannot be written/);
    });

    for (const kind of ["v2-modern", "v2-2025-11-25", "v1-2025-11-25", "v1-2025-06-18"] as const) {
      it(`answers a ${kind} client, saying the answer was not saved and why, and reads go on`, async () => {
        const client = await connectClient(kind, { transport: "http", url: server.url });
        clients.push(client);
        const opinion = secondOpinionOf(
          await client.callTool("agent.second_opinion", { question: `On ${kind}?` }),
        );
        assert.ok(opinion.primary.response.length > 0);
        assert.equal(opinion.persistenceStatus.assistantMessageSaved, false);
        assert.match(opinion.persistenceStatus.error ?? "", /^The answer was not saved: .*cannot be written/);
        assert.doesNotMatch(opinion.persistenceStatus.error ?? "", /\.\. /);
        const listed = (await client.callTool("conversation.list", {})).structuredContent as {
          conversations: unknown[];
        };
        assert.equal(listed.conversations.length, 1, "the conversation written before is listed");
      });
    }

    it("refuses a message, whose reply it could not keep, before asking any model", async () => {
      const client = await connectClient("v2-2025-11-25", { transport: "http", url: server.url });
      clients.push(client);
      simulator.reset();
      const refused = await client.callTool("conversation.send-message", { content: "Kept?" });
      assert.equal(refused.isError, true);
      assert.match(
        refused.content[0]?.text ?? "",
        /store_unavailable.*cannot be written.*The message was not sent/s,
      );
      assert.equal(simulator.requests.length, 0, "a model was asked");
    });

    it("keeps the 2025 streams' events in this process, and says so once", async () => {
      const report = await (await fetch(`${server.url}/health`)).json();
      assert.equal(report.streams.resumable, "this-node");
      assert.match(report.streams.reason, /kept in this process only/);
      assert.equal(server.stderr().match(/stream events are kept in this process only/g)?.length, 1);
    });
  });
