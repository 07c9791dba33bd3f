// An answer's text cap holds while the answer streams: a model that never stops sending is stopped as
// soon as its text passes `maxAnswerBytes`, its request aborted, so the memory it takes stays bounded;
// a whole answer past the cap is refused too, and one within it comes back as it was.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { LanguageModelV4, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { z } from "zod";
import { sendSdkRequest } from "../../src/consultation/model-call/sdk-request.ts";
import { AnswerTooLargeError } from "../../src/providers/answer-too-large.ts";
import { streamOf } from "../../src/providers/generated-stream.ts";

/**
 * A model that streams 4 KiB pieces until it is aborted (or, as a safety net, 40 MiB have gone); with
 * `json`, the pieces make one ever longer string field of a JSON object, as a structured answer does.
 */
function endlessModel(json = false) {
  const seen = { pieces: 0, aborted: false };
  const model: LanguageModelV4 = {
    specificationVersion: "v4",
    provider: "fake",
    modelId: "endless",
    supportedUrls: {},
    doGenerate: async () => {
      throw new Error("only streamed here");
    },
    doStream: async (options) => {
      options.abortSignal?.addEventListener("abort", () => {
        seen.aborted = true;
      });
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          controller.enqueue({ type: "stream-start", warnings: [] });
          controller.enqueue({ type: "text-start", id: "text" });
          if (json) controller.enqueue({ type: "text-delta", id: "text", delta: '{"answer":"' });
        },
        pull(controller) {
          if (options.abortSignal?.aborted) return controller.error(options.abortSignal.reason);
          seen.pieces += 1;
          controller.enqueue({ type: "text-delta", id: "text", delta: "y".repeat(4096) });
          if (seen.pieces === 10_240) {
            controller.enqueue({ type: "text-end", id: "text" });
            controller.enqueue({
              type: "finish",
              finishReason: { unified: "stop", raw: "stop" },
              usage: usage(),
            });
            controller.close();
          }
        },
      });
      return { stream };
    },
  };
  return { model, seen };
}

function usage() {
  return {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  };
}

/** A model that answers `text` whole, or streams it word by word. */
function answering(text: string): LanguageModelV4 {
  const result = {
    content: [{ type: "text" as const, text }],
    finishReason: { unified: "stop" as const, raw: "stop" },
    usage: usage(),
    warnings: [],
  };
  return {
    specificationVersion: "v4",
    provider: "fake",
    modelId: "answering",
    supportedUrls: {},
    doGenerate: async () => result,
    doStream: async () => streamOf(result),
  };
}

const answerSchema = z.object({ answer: z.string() });

const exchange = (
  model: LanguageModelV4,
  streamed: boolean,
  maxAnswerBytes: number,
  options: { schema?: z.ZodType; onObject?: (object: unknown) => void } = {},
) =>
  sendSdkRequest(
    {
      model,
      instructions: "Answer.",
      messages: [{ role: "user", content: "Go on forever." }],
      maxOutputTokens: 100,
      maxAnswerBytes,
      ...(options.schema ? { schema: options.schema } : {}),
      ...(streamed
        ? { streamTo: { opened: () => () => {}, partialObject: options.onObject ?? (() => {}) } }
        : {}),
    },
    new AbortController().signal,
  );

describe("the text cap of an answer", () => {
  it("stops a streamed answer as soon as it passes the cap, aborting its request", async () => {
    const { model, seen } = endlessModel();
    await assert.rejects(exchange(model, true, 64 * 1024), (error: Error) => {
      assert.ok(error instanceof AnswerTooLargeError, String(error));
      assert.equal(error.limitBytes, 64 * 1024);
      return true;
    });
    assert.ok(seen.pieces <= 32, `${seen.pieces} pieces of 4 KiB were read for a 64 KiB cap`);
    assert.equal(seen.aborted, true, "the request was not aborted");
  });

  it("refuses a whole answer past the cap, counting bytes, and passes one within it", async () => {
    await assert.rejects(exchange(answering("é".repeat(40_000)), false, 64 * 1024), AnswerTooLargeError);
    assert.equal((await exchange(answering("é".repeat(30_000)), false, 64 * 1024)).text.length, 30_000);
    assert.equal((await exchange(answering("word ".repeat(1000).trim()), true, 64 * 1024)).text.length, 4999);
  });

  it("stops a streamed structured answer as soon as it passes the cap, aborting its request", {
    timeout: 60_000,
  }, async () => {
    const { model, seen } = endlessModel(true);
    await assert.rejects(exchange(model, true, 64 * 1024, { schema: answerSchema }), AnswerTooLargeError);
    assert.ok(seen.pieces <= 32, `${seen.pieces} pieces of 4 KiB were read for a 64 KiB cap`);
    assert.equal(seen.aborted, true, "the request was not aborted");
  });

  it("parses a streamed structured answer now and then, not at every piece, and ends on the whole", async () => {
    const pieces = Array.from({ length: 400 }, (_, index) => `${index} `.padEnd(256, "y"));
    const text = JSON.stringify({ answer: pieces.join("") });
    const partials: unknown[] = [];
    const result = await exchange(answering(text), true, 1024 * 1024, {
      schema: answerSchema,
      onObject: (object) => partials.push(object),
    });
    assert.deepEqual(result.object, { answer: pieces.join("") });
    assert.ok(partials.length < 20, `${partials.length} partial objects were parsed for one answer`);
    assert.deepEqual(partials.at(-1), { answer: pieces.join("") }, "the last partial object is the whole");
  });
});
