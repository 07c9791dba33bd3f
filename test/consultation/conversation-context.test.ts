// Building a model's context from earlier turns: the newest turns that fit its window, then the question.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { buildContext, estimateTokens } from "../../src/consultation/asking/conversation-context.ts";
import type { HistoryMessage } from "../../src/consultation/index.ts";

/** A 350-character message: 104 estimated tokens, with `label` at its start. */
function message(role: HistoryMessage["role"], label: string): HistoryMessage {
  return { role, content: label.padEnd(350, ".") };
}

/** Three user/assistant turns, oldest first. */
const history: HistoryMessage[] = [
  message("user", "question 1"),
  message("assistant", "answer 1"),
  message("user", "question 2"),
  message("assistant", "answer 2"),
  message("user", "question 3"),
  message("assistant", "answer 3"),
];

function labels(messages: { role: string; content: unknown }[]): string[] {
  return messages.map((entry) => `${entry.role}: ${String(entry.content).replace(/\.+$/, "")}`);
}

describe("buildContext", () => {
  it("keeps every turn when they fit, in order, with the question last", () => {
    const { messages, trim } = buildContext(history, "question 4", "Be brief.", 100_000);
    assert.deepEqual(labels(messages), [
      "user: question 1",
      "assistant: answer 1",
      "user: question 2",
      "assistant: answer 2",
      "user: question 3",
      "assistant: answer 3",
      "user: question 4",
    ]);
    assert.deepEqual(trim, { keptMessages: 6, droppedMessages: 0, estimatedTokens: 6 * 104 });
    assert.equal(estimateTokens(history[0]?.content ?? ""), 104);
  });

  it("keeps the newest turns that fit a small window and reports what it dropped", () => {
    // A 400-token window holds back 100 for the answer and 9 for question and instructions: two messages fit.
    const { messages, trim } = buildContext(history, "Q?", "", 400);
    assert.deepEqual(labels(messages), ["user: question 3", "assistant: answer 3", "user: Q?"]);
    assert.equal(trim.keptMessages, 2);
    assert.equal(trim.droppedMessages, 4);
  });

  it("never starts the context with an assistant message", () => {
    // A 520-token window leaves room for three messages, the oldest of which would be "answer 2".
    const { messages, trim } = buildContext(history, "Q?", "", 520);
    assert.deepEqual(labels(messages), ["user: question 3", "assistant: answer 3", "user: Q?"]);
    assert.equal(trim.droppedMessages, 4);
  });

  it("leaves system messages out without counting them as dropped", () => {
    const withSystem = [message("system", "setup"), ...history.slice(0, 2), message("system", "note")];
    const { messages, trim } = buildContext(withSystem, "Q?", "", 100_000);
    assert.deepEqual(labels(messages), ["user: question 1", "assistant: answer 1", "user: Q?"]);
    assert.deepEqual(trim, { keptMessages: 2, droppedMessages: 0, estimatedTokens: 2 * 104 });
  });

  it("still asks the question when no earlier turn fits", () => {
    const { messages, trim } = buildContext(history, "x".repeat(2000), "", 400);
    assert.deepEqual(messages, [{ role: "user", content: "x".repeat(2000) }]);
    assert.equal(trim.droppedMessages, 6);
  });
});
