// The idempotency gate: fingerprints ignore key order, concurrent duplicates run once, other
// arguments under a used key are refused.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ConsultationError } from "../../src/consultation/consultation-error.ts";
import { fingerprintOf, IdempotencyGate } from "../../src/conversations/idempotency.ts";
import { openSqliteStore } from "../../src/store/sqlite/sqlite-store.ts";
import type { IdempotencyRecord } from "../../src/store/store.ts";

describe("idempotency", () => {
  it("fingerprints arguments regardless of key order and undefined fields", () => {
    const a = fingerprintOf("tool", { question: "q", models: ["x", "y"], limit: undefined });
    const b = fingerprintOf("tool", { models: ["x", "y"], question: "q" });
    assert.equal(a, b);
    assert.notEqual(a, fingerprintOf("tool", { models: ["y", "x"], question: "q" }));
    assert.notEqual(a, fingerprintOf("other", { models: ["x", "y"], question: "q" }));
  });

  it("runs concurrent duplicates once and replays the stored turn; refuses other arguments", async () => {
    const store = openSqliteStore(":memory:");
    const gate = new IdempotencyGate(store);
    let writes = 0;
    const write = async (
      stamp: { userId: string; key: string; tool: string; fingerprint: string } | undefined,
    ) => {
      writes += 1;
      assert.ok(stamp);
      const at = new Date().toISOString();
      const saved = await store.saveTurn({
        conversationId: "5b7fe716-34eb-4370-b0f6-54d94169413b",
        create: { userId: null, title: "t", createdAt: at },
        messages: [
          { id: "u1", role: "user", content: "q", userId: null, createdAt: at, metadata: {} },
          { id: "a1", role: "assistant", content: "a", userId: null, createdAt: at, metadata: {} },
        ],
        idempotency: { ...stamp, conversationCreated: true, createdAt: at },
      });
      return saved.messages.map((message) => message.id);
    };
    const replay = async (record: IdempotencyRecord) => [record.userMessageId, record.assistantMessageId];
    const call = { userId: null, key: "k", tool: "tool", arguments: { question: "q" } };
    const results = await Promise.all([
      gate.run(call, write, replay),
      gate.run(call, write, replay),
      gate.run(call, write, replay),
    ]);
    assert.equal(writes, 1);
    for (const result of results) assert.deepEqual(result, ["u1", "a1"]);
    await assert.rejects(
      gate.run({ ...call, arguments: { question: "other" } }, write, replay),
      (error: ConsultationError) => error.code === "idempotency_conflict",
    );
    assert.deepEqual(await gate.run({ ...call, key: undefined }, async () => ["fresh"], replay), ["fresh"]);
    await store.close();
  });
});
