// Runs the store contract against PostgreSQL (a real server, a fresh database per case) and checks
// what only a shared database has: migrations applied once by nodes starting together, gap-free
// sequences when turns of one conversation arrive on several connections at once, and a clear error
// for a server that is not there.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { applyPostgresMigrations, postgresMigrations } from "../../src/store/postgres/migrations.ts";
import { openPostgresStore } from "../../src/store/postgres/open-postgres-store.ts";
import { StoreOpenError } from "../../src/store/store.ts";
import { startTogether } from "../support/start-together.ts";
import { createClock, createConversation, newMessage, readAll } from "./contract/fixtures.ts";
import { type CounterPlace, runRequestCounterContract } from "./contract/request-counter-cases.ts";
import { type PostgresServer, startPostgresServer } from "./postgres-server.ts";
import { runStoreContract } from "./store-contract.ts";

let server: PostgresServer;

/** Waits (up to 10 s) until `condition` holds. */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
before(async () => {
  server = await startPostgresServer();
});
after(async () => server?.stop());

runStoreContract("postgres", async () => openPostgresStore(await server.newDatabase()));
runRequestCounterContract("postgres", postgresCounterPlace);

/** A new database; each handle is a node of its own. Breaking it down drops the database under them. */
async function postgresCounterPlace(): Promise<CounterPlace> {
  const url = await server.newDatabase();
  return {
    async open() {
      const store = await openPostgresStore(url, { poolSize: 3 });
      return { counters: store.requestCounters, close: () => store.close() };
    },
    async breakDown() {
      const { default: pg } = await import("pg");
      const admin = new pg.Client({ connectionString: `${server.url}/postgres` });
      await admin.connect();
      await admin.query(`DROP DATABASE ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
      await admin.end();
    },
    async dispose() {},
  };
}

describe("postgres store", () => {
  it("applies its migrations once when several nodes start on one database at the same time", async () => {
    const url = await server.newDatabase();
    const stores = await startTogether(Array.from({ length: 4 }, () => openPostgresStore(url)));
    const keys = await Promise.all(stores.map((store) => store.signingKey()));
    assert.equal(new Set(keys).size, 1, "every node signs with the same key");
    await Promise.all(stores.map((store) => store.close()));
  });

  it("keeps one stored copy of each opinion: the messages stored with a search text of their own are found after the step", async () => {
    const url = await server.newDatabase();
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const oneCopyStep = postgresMigrations.findIndex((step) => step.name.startsWith("one stored copy"));
    await applyPostgresMigrations(pool, postgresMigrations.slice(0, oneCopyStep));
    const metadata = JSON.stringify({
      secondOpinion: {
        primary: { response: "primary says quokka" },
        secondaryOpinions: [{ response: "two bilbies" }],
      },
    });
    await pool.query(`
      INSERT INTO conversations (id, user_id, title, message_count, created_at, updated_at)
        VALUES ('old', 'ann', 'Old one', 1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`);
    // What the earlier program wrote: the text a second time, in search_text.
    await pool.query(
      `INSERT INTO messages (id, conversation_id, role, content, user_id, sequence, created_at, metadata, search_text)
         VALUES ('m1', 'old', 'assistant', 'The synthesis', 'ann', 1, '2026-01-01T00:00:00Z', $1,
           'The synthesis primary says quokka two bilbies')`,
      [metadata],
    );
    await pool.end();

    const store = await openPostgresStore(url);
    const ann = store.conversations.of("ann");
    for (const word of ["synthesis", "quokka", "bilby"]) {
      assert.deepEqual(
        (await ann.search([word], 5)).map((hit) => hit.conversationId),
        ["old"],
        word,
      );
    }
    assert.match((await ann.search(["bilbies"], 5))[0]?.snippet ?? "", /\*\*bilbies\*\*/);
    await store.close();
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const columns = await check.query(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'messages' AND column_name LIKE 'search%'",
    );
    assert.deepEqual(
      columns.rows.map((row) => row.column_name),
      ["search"],
      "no search text beside the message",
    );
    await check.end();
  });

  it("keeps sequences gap-free when turns of one conversation arrive on many connections at once", async () => {
    const url = await server.newDatabase();
    const nodes = await startTogether(Array.from({ length: 3 }, () => openPostgresStore(url)));
    const clock = createClock();
    const { conversation } = await createConversation(nodes[0] as never, clock);
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        nodes[index % nodes.length]?.conversations.of("user-1").saveTurn({
          conversationId: conversation.id,
          messages: [newMessage("user", `q${index}`, clock()), newMessage("assistant", `a${index}`, clock())],
        }),
      ),
    );
    const messages = await readAll(nodes[1] as never, conversation.id);
    assert.deepEqual(
      messages.map((message) => message.sequence),
      Array.from({ length: 62 }, (_, index) => index + 1),
    );
    await Promise.all(nodes.map((store) => store.close()));
  });

  it("holds no more connections than its pool allows, however many calls wait", async () => {
    const url = await server.newDatabase();
    const store = await openPostgresStore(url, { poolSize: 2 });
    const { default: pg } = await import("pg");
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    const clock = createClock();
    const { conversation } = await createConversation(store as never, clock);
    let most = 0;
    const watching = (async () => {
      for (let look = 0; look < 20; look += 1) {
        const { rows } = await watcher.query(
          "SELECT count(*)::int AS connections FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()",
        );
        most = Math.max(most, rows[0]?.connections ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        store.conversations.of("user-1").saveTurn({
          conversationId: conversation.id,
          messages: [newMessage("user", `q${index}`, clock()), newMessage("assistant", `a${index}`, clock())],
        }),
      ),
    );
    await watching;
    assert.ok(most > 0 && most <= 2, `at most 2 connections, saw ${most}`);
    await watcher.end();
    await store.close();
  });

  it("broadcasts between nodes on one database, and listens again after its connection drops", async () => {
    const url = await server.newDatabase();
    const [sender, receiver] = await startTogether([openPostgresStore(url), openPostgresStore(url)]);
    const heard: string[] = [];
    await receiver.broadcast.subscribe("nodes", (payload) => heard.push(payload));
    await sender.broadcast.publish("nodes", "before");
    await until(() => heard.length === 1);
    const { default: pg } = await import("pg");
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    const killed = await killer.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()",
    );
    assert.ok(killed.rowCount && killed.rowCount > 0, "the listener's connection was cut");
    await killer.end();
    await until(async () => {
      await sender.broadcast.publish("nodes", "after");
      return heard.includes("after");
    });
    await Promise.all([sender, receiver].map((store) => store.close()));
  });

  it("stores answers of megabytes of varied words, which a tsvector of every word could not hold, and finds their first words", async () => {
    const store = await openPostgresStore(await server.newDatabase());
    const ann = store.conversations.of("ann");
    let varied = "narwhal ";
    for (let index = 0; varied.length < 2 * 1024 * 1024; index++) varied += `w${index.toString(36)} `;
    const opinions = (...responses: string[]) => ({
      secondOpinion: {
        primary: { response: responses[0] },
        secondaryOpinions: responses.slice(1).map((response) => ({ response })),
      },
    });
    const now = new Date().toISOString();
    await ann.saveTurn({
      conversationId: "long",
      create: { title: "Long answers", createdAt: now },
      messages: [
        { id: "u1", role: "user", content: "How long can it be?", createdAt: now, metadata: {} },
        { id: "a1", role: "assistant", content: "This long", createdAt: now, metadata: opinions(varied, "") },
      ],
    });
    // A late opinion of as many words joins it.
    assert.ok(await ann.updateMessageMetadata("a1", opinions(varied, `platypus ${varied}`)));
    const found = async (word: string) => (await ann.search([word], 5)).map((hit) => hit.conversationId);
    assert.deepEqual(await found("narwhal"), ["long"]);
    assert.deepEqual(await found("platypus"), ["long"]);
    await store.close();
  });

  it("leaves no listening connection behind when it is closed while its listener connects", async () => {
    const url = await server.newDatabase();
    const store = await openPostgresStore(url);
    // A subscription starts the listener's connection; the store closes before it is made, as a command
    // that answered at once does (its late work subscribes to deleted conversations).
    const subscribed = store.broadcast.subscribe("closing", () => {}).catch(() => undefined);
    await store.close();
    await subscribed;
    const { default: pg } = await import("pg");
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    const listening = async () =>
      (
        await watcher.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
        )
      ).rows[0]?.n;
    await until(async () => (await listening()) === 0);
    await watcher.end();
  });

  it("says in one line, without the password, when the server cannot be reached", async () => {
    await assert.rejects(
      openPostgresStore("postgres://someone:secret-pw@127.0.0.1:9/none"),
      (error: Error) => {
        assert.ok(error instanceof StoreOpenError);
        assert.match(
          error.message,
          /postgres:\/\/someone:\*\*\*@127\.0\.0\.1:9\/none cannot be used: .*ECONNREFUSED|cannot be used/,
        );
        assert.ok(!error.message.includes("secret-pw"));
        return true;
      },
    );
  });
});
