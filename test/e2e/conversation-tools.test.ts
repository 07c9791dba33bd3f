// Conversations as a product, end to end: send-message, titles, list paging, delete, resources,
// idempotent retries, limits and the export command. Results are checked against the tools' schemas.

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { beforeEach, describe, it } from "node:test";
import { promisify } from "node:util";
import type { SendMessageResult } from "../../src/contract/consultation-results.ts";
import type { ConversationListResult } from "../../src/contract/conversations.ts";
import { assertMatchesOutputSchema } from "../support/seed-schemas.ts";
import { errorTextOf, historyOf, modelIds, secondOpinionOf, useEndToEnd } from "./support/e2e-fixture.ts";
import { mainScript } from "./support/http-server-process.ts";
import type { ToolResult } from "./support/mcp-clients.ts";

function sentOf(result: ToolResult): SendMessageResult {
  assert.notEqual(result.isError, true, `tool failed: ${result.content[0]?.text}`);
  assertMatchesOutputSchema("sendMessage", result.structuredContent);
  return result.structuredContent as unknown as SendMessageResult;
}

function listOf(result: ToolResult): ConversationListResult {
  assert.notEqual(result.isError, true, `tool failed: ${result.content[0]?.text}`);
  assertMatchesOutputSchema("list", result.structuredContent);
  return result.structuredContent as unknown as ConversationListResult;
}

describe("conversation tools end to end", () => {
  const context = useEndToEnd();
  beforeEach(() => context.simulator.reset());
  const call = (name: string, args: Record<string, unknown>) => context.client.callTool(name, args);

  it("sends a message, returns both stored messages, and continues with context", async () => {
    context.simulator.setBehaviour(modelIds.claude, { text: "FIRST-REPLY" });
    const first = sentOf(
      await call("conversation.send-message", { content: "Hello   there,\nClaude", model: "claude" }),
    );
    assert.equal(first.conversationCreated, true);
    assert.equal(first.conversationTitle, "Hello there, Claude");
    assert.deepEqual([first.userMessage?.sequence, first.assistantMessage?.sequence], [1, 2]);
    assert.equal(first.assistantMessage?.content, "FIRST-REPLY");
    const metadata = first.assistantMessage?.metadata;
    assert.equal(metadata.model, "claude");
    assert.ok(
      (metadata.tokensUsed as number) > 0 &&
        (metadata.cost as number) > 0 &&
        (metadata.latencyMs as number) >= 0,
    );

    context.simulator.setBehaviour(modelIds.cerebras, { text: "SYNTHESIS-TEXT" });
    const opinion = secondOpinionOf(
      await call("agent.second_opinion", {
        question: "Second opinion?",
        conversationId: first.conversationId,
        maxOpinions: 1,
      }),
    );
    assert.equal(opinion.synthesis?.response, "SYNTHESIS-TEXT");
    const second = sentOf(
      await call("conversation.send-message", {
        content: "And now?",
        conversationId: first.conversationId,
        title: "Renamed",
      }),
    );
    assert.equal(second.conversationCreated, false);
    assert.equal(second.conversationTitle, "Renamed");
    const body = JSON.stringify(context.simulator.requests.at(-1)?.body);
    assert.ok(body.includes("FIRST-REPLY") && body.includes("SYNTHESIS-TEXT"));
    assert.ok(second.assistantMessage?.metadata.contextTrim, "the context trim is recorded");
    const history = historyOf(
      await call("conversation.get-history", { conversationId: first.conversationId }),
    );
    assert.deepEqual(
      history.messages.map((message) => message.sequence),
      [1, 2, 3, 4, 5, 6],
    );
    assert.equal(history.title, "Renamed");
  });

  it("fails cleanly when the model fails, storing nothing", async () => {
    context.simulator.setBehaviour(modelIds.gemini, { status: 400, errorMessage: "bad request" });
    const text = errorTextOf(await call("conversation.send-message", { content: "hi", model: "gemini" }));
    assert.match(text, /^model_failed: .*HTTP 400: bad request.*Nothing was stored/);
  });

  it("lists conversations newest first and pages stably while new ones arrive", async () => {
    const ids: string[] = [];
    for (const index of [1, 2, 3, 4, 5]) {
      ids.push(sentOf(await call("conversation.send-message", { content: `list ${index}` })).conversationId);
    }
    const first = listOf(await call("conversation.list", { limit: 2 }));
    assert.deepEqual(
      first.conversations.map((conversation) => conversation.id),
      [ids[4], ids[3]],
    );
    assert.match(first.conversations[0]?.lastMessagePreview ?? "", /^Answer from /);
    const newcomer = sentOf(
      await call("conversation.send-message", { content: "arrives between pages" }),
    ).conversationId;
    const seen = [...first.conversations.map((conversation) => conversation.id)];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = listOf(await call("conversation.list", { limit: 2, cursor }));
      seen.push(...page.conversations.map((conversation) => conversation.id));
      cursor = page.nextCursor;
    }
    const mine = seen.filter((id) => ids.includes(id));
    assert.deepEqual(mine, [...ids].reverse(), "each of the five exactly once, in order");
    assert.ok(
      !seen.includes(newcomer),
      "a conversation created after the first page does not shift later pages",
    );
    const fresh = listOf(await call("conversation.list", { limit: 1 }));
    assert.equal(fresh.conversations[0]?.id, newcomer);
    assert.match(errorTextOf(await call("conversation.list", { cursor: "Zm9v" })), /cursor is not valid/);
  });

  it("deletes a conversation: its history is then an error, and so is a second delete", async () => {
    const sent = sentOf(await call("conversation.send-message", { content: "to be deleted" }));
    const deleted = await call("conversation.delete", { conversationId: sent.conversationId });
    assert.deepEqual(deleted.structuredContent, {
      conversationId: sent.conversationId,
      deleted: true,
      messagesDeleted: 2,
    });
    assert.match(
      errorTextOf(await call("conversation.get-history", { conversationId: sent.conversationId })),
      /^conversation_not_found/,
    );
    assert.match(
      errorTextOf(await call("conversation.delete", { conversationId: sent.conversationId })),
      /does not exist/,
    );
  });

  it("serves conversations as Markdown resources", async () => {
    context.simulator.setBehaviour(modelIds.cerebras, { text: "SYNTHESIS-TEXT" });
    const opinion = secondOpinionOf(
      await call("agent.second_opinion", { question: "Tabs or spaces?", maxOpinions: 1 }),
    );
    const resources = await context.client.listResources();
    const uri = `conversation://${opinion.conversationId}`;
    assert.ok(resources.some((resource) => resource.uri === uri && resource.mimeType === "text/markdown"));
    const read = await context.client.readResource(uri);
    const text = read.contents[0]?.text ?? "";
    assert.match(text, /^# Tabs or spaces\?/);
    assert.ok(
      text.includes(opinion.primary.response) &&
        text.includes(opinion.secondaryOpinions[0]?.response ?? "missing"),
    );
    await assert.rejects(context.client.readResource("conversation://00000000-0000-4000-8000-000000000000"));
  });

  it("replays an idempotent retry without calling any provider, and refuses the key with other arguments", async () => {
    const args = { question: "Exactly once?", maxOpinions: 2, idempotencyKey: "retry-key-1" };
    const [first, concurrent] = (
      await Promise.all([call("agent.second_opinion", args), call("agent.second_opinion", args)])
    ).map(secondOpinionOf);
    const requests = context.simulator.requests.length;
    assert.equal(requests, 4, "three opinions and one synthesis, once");
    const retry = secondOpinionOf(await call("agent.second_opinion", args));
    for (const repeat of [concurrent, retry]) {
      assert.deepEqual(
        [
          repeat?.conversationId,
          repeat?.userMessageId,
          repeat?.assistantMessageId,
          repeat?.synthesis?.response,
        ],
        [first?.conversationId, first?.userMessageId, first?.assistantMessageId, first?.synthesis?.response],
      );
    }
    assert.equal(context.simulator.requests.length, requests);
    const history = historyOf(
      await call("conversation.get-history", { conversationId: first?.conversationId }),
    );
    assert.equal(history.messageCount, 2);
    const conflict = errorTextOf(
      await call("agent.second_opinion", { ...args, question: "Something else?" }),
    );
    assert.match(conflict, /^idempotency_conflict: idempotencyKey "retry-key-1" was already used/);

    const message = { content: "once", idempotencyKey: "retry-key-2" };
    const sent = sentOf(await call("conversation.send-message", message));
    const again = sentOf(await call("conversation.send-message", message));
    assert.equal(again.assistantMessage?.id, sent.assistantMessage?.id);
  });

  it("refuses input over the documented limits with a clear error", async () => {
    const long = await call("conversation.send-message", { content: "x".repeat(60_001) });
    assert.equal(long.isError, true);
    const title = await call("conversation.send-message", { content: "hi", title: "t".repeat(201) });
    assert.equal(title.isError, true);
    const page = await call("conversation.list", { limit: 201 });
    assert.equal(page.isError, true);
  });

  it("exports a conversation as Markdown or JSON from the command line", async () => {
    const sent = sentOf(await call("conversation.send-message", { content: "Export me" }));
    const run = promisify(execFile);
    const options = { env: context.environment };
    const markdown = await run(process.execPath, [mainScript, "export", sent.conversationId], options);
    assert.match(markdown.stdout, /^# Export me\n/);
    assert.ok(markdown.stdout.includes(sent.reply.response));
    const json = await run(
      process.execPath,
      [mainScript, "export", sent.conversationId, "--format", "json"],
      options,
    );
    const exported = JSON.parse(json.stdout);
    assert.equal(exported.conversation.id, sent.conversationId);
    assert.deepEqual(
      exported.messages.map((message: { id: string }) => message.id),
      [sent.userMessage?.id, sent.assistantMessage?.id],
    );
    await assert.rejects(
      run(process.execPath, [mainScript, "export", "00000000-0000-4000-8000-000000000000"], options),
      (error: { code: number; stderr: string }) => {
        assert.equal(error.code, 1);
        assert.match(
          error.stderr,
          /^ai-universe: conversation_not_found: Conversation 0{8}-.* does not exist/,
        );
        return true;
      },
    );
  });
});
