// The idempotency gate: fingerprints ignore key order, concurrent duplicates run once, other
// arguments under a used key are refused.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fingerprintOf, IdempotencyGate } from "../../../src/application/conversations/idempotency-gate.ts";
import type { StoredTurn } from "../../../src/application/turns/record-turn.ts";
import type { ServiceError } from "../../../src/contract/service-error.ts";
import { openSqliteStore } from "../../../src/store/sqlite/open-sqlite-store.ts";

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
    const write = async (stamp: { key: string; tool: string; fingerprint: string } | undefined) => {
      writes += 1;
      assert.ok(stamp);
      const at = new Date().toISOString();
      const saved = await store.conversations.of("ann").saveTurn({
        conversationId: "5b7fe716-34eb-4370-b0f6-54d94169413b",
        create: { title: "t", createdAt: at },
        messages: [
          { id: "u1", role: "user", content: "q", createdAt: at, metadata: {} },
          { id: "a1", role: "assistant", content: "a", createdAt: at, metadata: {} },
        ],
        idempotency: { ...stamp, conversationCreated: true, createdAt: at },
      });
      return saved.messages.map((message) => message.id);
    };
    const replay = (turn: StoredTurn) => [turn.user.id, turn.assistant.id];
    const call = { owner: "ann", key: "k", tool: "tool", arguments: { question: "q" } };
    const results = await Promise.all([
      gate.run(call, write, replay),
      gate.run(call, write, replay),
      gate.run(call, write, replay),
    ]);
    assert.equal(writes, 1);
    for (const result of results) assert.deepEqual(result, ["u1", "a1"]);
    await assert.rejects(
      gate.run({ ...call, arguments: { question: "other" } }, write, replay),
      (error: ServiceError) => error.code === "idempotency_conflict",
    );
    assert.deepEqual(await gate.run({ ...call, key: undefined }, async () => ["fresh"], replay), ["fresh"]);
    await store.close();
  });
});
