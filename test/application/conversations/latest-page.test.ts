// The newest page of a conversation in one read (`latest`), as the MCP Apps panel reads a turn just
// answered: whatever the conversation's length, one request, holding its last messages.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { localCaller } from "../../../src/application/caller.ts";
import type { ServiceError } from "../../../src/contract/service-error.ts";
import { consultationFixture } from "../../support/consultation-fixture.ts";

const signal = new AbortController().signal;

describe("the latest page of a conversation", () => {
  it("holds the newest messages in one read, and refuses a cursor beside it", async () => {
    const { application } = consultationFixture();
    const first = await application.sendMessage(localCaller, { content: "message 1" }, { signal });
    const { conversationId } = first;
    for (let turn = 2; turn <= 6; turn += 1) {
      await application.sendMessage(localCaller, { content: `message ${turn}`, conversationId }, { signal });
    }
    const latest = await application.getHistory(localCaller, { conversationId, latest: true, limit: 3 });
    assert.deepEqual(
      latest.history.messages.map((message) => message.sequence),
      [10, 11, 12],
    );
    assert.equal(latest.history.hasMore, false);
    assert.equal(latest.history.messageCount, 12);
    const whole = await application.getHistory(localCaller, { conversationId, latest: true, limit: 50 });
    assert.equal(whole.history.messages[0]?.sequence, 1);
    const paged = await application.getHistory(localCaller, { conversationId, limit: 3 });
    await assert.rejects(
      application.getHistory(localCaller, { conversationId, latest: true, cursor: paged.history.nextCursor }),
      (error: ServiceError) => error.code === "invalid_argument",
    );
  });
});
