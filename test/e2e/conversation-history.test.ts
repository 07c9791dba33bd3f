// Conversations end to end: follow-ups carry context, history pages through every message once,
// concurrent consultations in one conversation keep sequences unique and gap-free.

import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import { errorTextOf, historyOf, modelIds, secondOpinionOf, useEndToEnd } from "./support/e2e-fixture.ts";

describe("conversations end to end", () => {
  const context = useEndToEnd();
  beforeEach(() => context.simulator.reset());

  const ask = (args: Record<string, unknown>) => context.client.callTool("agent.second_opinion", args);
  const history = (args: Record<string, unknown>) =>
    context.client.callTool("conversation.get-history", args);

  it("gives every model of a follow-up the earlier turns, and reads both messages right after", async () => {
    context.simulator.setBehaviour(modelIds.cerebras, { text: "FIRST-SYNTHESIS" });
    const first = secondOpinionOf(
      await ask({ question: "FIRST-QUESTION about caching", maxOpinions: 1, detail: "full" }),
    );
    const read = historyOf(await history({ conversationId: first.conversationId }));
    assert.deepEqual(
      read.messages.map((message) => [message.sequence, message.role, message.id]),
      [
        [1, "user", first.userMessageId],
        [2, "assistant", first.assistantMessageId],
      ],
    );
    assert.deepEqual(read.messages[1]?.metadata, first.assistantMessage?.metadata);
    context.simulator.reset();

    const second = secondOpinionOf(
      await ask({
        question: "And what about eviction?",
        conversationId: first.conversationId,
        maxOpinions: 1,
      }),
    );
    assert.equal(second.conversationId, first.conversationId);
    assert.equal(second.conversationCreated, false);
    assert.equal(second.conversationTitle, "FIRST-QUESTION about caching");
    const opinionRequests = context.simulator.requests.filter(
      (request) => !JSON.stringify(request.body).includes("## Opinions"),
    );
    assert.equal(opinionRequests.length, 2);
    for (const request of opinionRequests) {
      const body = JSON.stringify(request.body);
      assert.ok(
        body.includes("FIRST-QUESTION") && body.includes("FIRST-SYNTHESIS"),
        `${request.model} lacks context`,
      );
    }
  });

  it("pages through a long conversation, each message once, in order", async () => {
    const first = secondOpinionOf(await ask({ question: "turn 1", maxOpinions: 0 }));
    for (const turn of [2, 3, 4]) {
      secondOpinionOf(
        await ask({ question: `turn ${turn}`, maxOpinions: 0, conversationId: first.conversationId }),
      );
    }
    const sequences: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = historyOf(
        await history({ conversationId: first.conversationId, limit: 3, ...(cursor ? { cursor } : {}) }),
      );
      assert.equal(page.messageCount, 8);
      sequences.push(...page.messages.map((message) => message.sequence));
      cursor = page.nextCursor ?? undefined;
      assert.equal(page.hasMore, cursor !== undefined);
      pages += 1;
    } while (cursor);
    assert.equal(pages, 3);
    assert.deepEqual(sequences, [1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("refuses unknown ids, foreign cursors and bad limits with clear errors", async () => {
    const one = secondOpinionOf(await ask({ question: "one", maxOpinions: 0 }));
    const two = secondOpinionOf(await ask({ question: "two", maxOpinions: 0 }));
    const unknown = errorTextOf(await history({ conversationId: "00000000-0000-4000-8000-000000000000" }));
    assert.match(
      unknown,
      /^conversation_not_found: Conversation 00000000-0000-4000-8000-000000000000 does not exist/,
    );
    const firstPage = historyOf(await history({ conversationId: one.conversationId, limit: 1 }));
    const foreign = errorTextOf(
      await history({ conversationId: two.conversationId, cursor: firstPage.nextCursor }),
    );
    assert.match(foreign, /cursor belongs to another conversation/);
    const tampered = errorTextOf(
      await history({ conversationId: one.conversationId, cursor: "not-a-cursor" }),
    );
    assert.match(tampered, /cursor is not valid/);
    const [payload = "", signature = ""] = (firstPage.nextCursor ?? "").split(".");
    const position = JSON.parse(Buffer.from(payload, "base64url").toString());
    const moved = Buffer.from(JSON.stringify({ ...position, s: 0 })).toString("base64url");
    for (const cursor of [`${moved}.${signature}`, moved, `${payload}.${signature.slice(1)}x`]) {
      const refused = errorTextOf(await history({ conversationId: one.conversationId, cursor }));
      assert.match(refused, /^invalid_argument: The cursor is not valid/);
    }
    const tooMany = await history({ conversationId: one.conversationId, limit: 500 });
    assert.equal(tooMany.isError, true);
  });

  it("keeps sequences unique and gap-free under concurrent consultations in one conversation", async () => {
    context.simulator.setDefaultBehaviour({ latencyMs: 20 });
    const first = secondOpinionOf(await ask({ question: "start", maxOpinions: 0 }));
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        ask({ question: `parallel ${index}`, maxOpinions: 1, conversationId: first.conversationId }),
      ),
    );
    results.forEach(secondOpinionOf);
    const page = historyOf(await history({ conversationId: first.conversationId, limit: 200 }));
    assert.deepEqual(
      page.messages.map((message) => message.sequence),
      Array.from({ length: 18 }, (_, index) => index + 1),
    );
    for (let index = 0; index < page.messages.length; index += 2) {
      assert.equal(page.messages[index]?.role, "user");
      assert.equal(page.messages[index + 1]?.role, "assistant");
    }
  });

  it("leaves out usage a provider did not report instead of reporting zero", async () => {
    context.simulator.setBehaviour(modelIds.grok, { usage: null });
    const result = secondOpinionOf(await ask({ question: "q", primaryModel: "grok", maxOpinions: 1 }));
    assert.equal(result.primary.tokensUsed, undefined);
    assert.equal(result.primary.cost, undefined);
    assert.ok(result.summary.unreportedUsage?.includes("grok"));
  });
});
