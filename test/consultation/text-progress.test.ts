// Answers streamed as progress are scrubbed of secrets like stored answers, and a secret that arrives
// in pieces never leaves in part: the tail that could start one waits for the next piece. The text
// followed is one request's, whichever request of a call goes on from it. And the work per piece stays
// the same however long the answer grows, for words, one unbroken run and many short lines.

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";
import type { LanguageModelV4, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { askModel } from "../../src/consultation/model-call/ask-model.ts";
import { callPolicy } from "../../src/consultation/model-call/retried-call.ts";
import { safeEnd, textProgress } from "../../src/consultation/model-call/text-progress.ts";
import type { ConsultationEvent } from "../../src/contract/progress-events.ts";
import { allocatedBytes } from "../support/allocated-bytes.ts";
import { fakeEntries } from "../support/consultation-fixture.ts";

const secret = "sk-live-0123456789";

const deltas = (events: ConsultationEvent[]) =>
  events.map((event) => (event.type === "model-text" ? event.delta : ""));

describe("text progress", () => {
  beforeEach(() => mock.timers.enable({ apis: ["setTimeout"] }));
  afterEach(() => mock.timers.reset());

  it("holds back a tail that may start a secret and sends the secret only as [redacted]", () => {
    const events: ConsultationEvent[] = [];
    const progress = textProgress("grok", "opinion", (event) => events.push(event), [secret]);
    const take = progress.opened();
    take("Your key is sk-li");
    mock.timers.tick(100);
    take("ve-01234");
    mock.timers.tick(100);
    take("56789, keep it safe.");
    mock.timers.tick(100);
    progress.flush();
    assert.deepEqual(deltas(events), ["Your key is ", "[redacted], keep it safe."]);
  });

  it("sends a held-back tail that turned out not to be a secret when the answer is complete", () => {
    const events: ConsultationEvent[] = [];
    const progress = textProgress("grok", "opinion", (event) => events.push(event), [secret]);
    progress.opened()("Ends with sk-");
    mock.timers.tick(100);
    progress.flush();
    assert.deepEqual(deltas(events), ["Ends with ", "sk-"]);
  });

  it("sends what came since the last event, at most one event per interval", () => {
    const events: ConsultationEvent[] = [];
    const progress = textProgress("grok", "opinion", (event) => events.push(event), []);
    const take = progress.opened();
    for (const piece of ["One ", "two ", "three "]) take(piece);
    mock.timers.tick(100);
    take("four.");
    progress.flush();
    assert.deepEqual(deltas(events), ["One two three ", "four."]);
  });

  it("follows a retry that goes on from the text sent, and leaves out one that rewrote it", () => {
    const events: ConsultationEvent[] = [];
    const progress = textProgress("grok", "opinion", (event) => events.push(event), []);
    const first = progress.opened();
    first("The answer is ");
    first("forty");
    mock.timers.tick(100);
    // The first request failed; a retry says the same, then goes on.
    const retry = progress.opened();
    retry("The answer ");
    retry("is forty-two.");
    mock.timers.tick(100);
    // A third request rewrote it: left out, even once it is longer.
    const rewrite = progress.opened();
    rewrite("Something else entirely, and longer than the rest.");
    progress.flush();
    assert.deepEqual(deltas(events), ["The answer is forty", "-two."]);
  });

  it("takes the text of a structured answer from its field, skipping a rewritten one", () => {
    const events: ConsultationEvent[] = [];
    const progress = textProgress("claude", "synthesis", (event) => events.push(event), [], "synthesis");
    progress.partialObject({ synthesis: "All agree" });
    progress.partialObject({ synthesis: "Nothing alike, and longer" });
    progress.partialObject({ synthesis: "All agree on it" });
    progress.flush();
    assert.deepEqual(deltas(events), ["All agree on it"]);
  });

  it("finds where text may start a secret", () => {
    assert.equal(safeEnd("abc sk-live", [secret]), 4);
    assert.equal(safeEnd("abc", [secret]), 3);
    assert.equal(safeEnd("abc s", ["xyz", "sk"]), 4);
  });
});

/**
 * A model that streams `text` in pieces of `pieceChars`, as providers do, with 100 ms (of the mocked
 * clock) passing every 100 pieces, so progress events go out while it streams as they do over a network.
 */
function pieceModel(text: string, pieceChars: number): LanguageModelV4 {
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  };
  return {
    specificationVersion: "v4",
    provider: "fake",
    modelId: "pieces",
    supportedUrls: {},
    doGenerate: async () => {
      throw new Error("only streamed here");
    },
    doStream: async () => {
      let offset = 0;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          controller.enqueue({ type: "stream-start", warnings: [] });
          controller.enqueue({ type: "text-start", id: "text" });
        },
        pull(controller) {
          if (offset < text.length) {
            controller.enqueue({
              type: "text-delta",
              id: "text",
              delta: text.slice(offset, offset + pieceChars),
            });
            offset += pieceChars;
            if ((offset / pieceChars) % 100 === 0) mock.timers.tick(100);
            return;
          }
          controller.enqueue({ type: "text-end", id: "text" });
          controller.enqueue({ type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage });
          controller.close();
        },
      });
      return { stream };
    },
  };
}

const pieceChars = 64;

/**
 * The bytes allocated per piece (allocated-bytes.ts: the characters copied, not a time) while one model's
 * answer of `text` streams as progress, asked, sent and turned into events by the code a consultation runs.
 */
async function allocatedPerPiece(text: string): Promise<number> {
  const [entry] = fakeEntries;
  assert.ok(entry);
  const events: ConsultationEvent[] = [];
  const policy = callPolicy(
    {
      defaults: { modelDeadlineMs: 600_000, maxRetries: 0, maxAnswerBytes: 16 * 1024 * 1024 },
      secrets: [secret],
      now: () => performance.now(),
    },
    new AbortController().signal,
  );
  const services = { createModel: () => pieceModel(text, pieceChars) };
  const question = {
    entry,
    role: "primary" as const,
    instructions: "",
    messages: [{ role: "user" as const, content: "Go on." }],
    stream: true,
  };
  mock.timers.enable({ apis: ["setTimeout"] });
  const { result: opinion, bytes } = await allocatedBytes(() =>
    askModel(question, services, policy, (event) => events.push(event)),
  ).finally(() => mock.timers.reset());
  assert.equal(opinion.response.length, text.length, opinion.response);
  assert.equal(deltas(events).join(""), text, "the events carry the answer, once");
  assert.ok(events.length > text.length / pieceChars / 200, `only ${events.length} events`);
  return bytes / Math.ceil(text.length / pieceChars);
}

describe("the work of text progress per piece", () => {
  const shapes = {
    words: (size: number) => "lorem ipsum dolor sit amet ".repeat(size / 27 + 1).slice(0, size),
    "one unbroken run": (size: number) => "QUJDREVGR0hJSktMTU5PUA".repeat(size / 22 + 1).slice(0, size),
    "many short lines": (size: number) => "- a\n- bc\n".repeat(size / 9 + 1).slice(0, size),
  };

  for (const [shape, answerOf] of Object.entries(shapes)) {
    it(`stays the same as an answer of ${shape} grows tenfold`, { timeout: 300_000 }, async () => {
      await allocatedPerPiece(answerOf(10_000)); // compiles what a piece runs through
      const small = await allocatedPerPiece(answerOf(20_000));
      const large = await allocatedPerPiece(answerOf(200_000));
      // A piece costs the AI SDK's objects (some 40 KB) and this code's few dozen characters, however long
      // the answer: reading into the text so far would copy it, 100 KB a piece on average at 200,000.
      assert.ok(
        large < 1.5 * small,
        `${Math.round(large)} bytes allocated per piece at 200,000 characters, ${Math.round(small)} at 20,000`,
      );
    });
  }
});
