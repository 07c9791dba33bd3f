// askWholeAnswer (src/consultation/model-call/whole-answer.ts) against generateText, through every real AI
// SDK provider on the simulator's wire protocols: the same request reaches the vendor (body and headers),
// and the same answer comes back (text, usage, sources, structured output, searches), for plain text, web
// search, reasoning, structured output and attachments; failures are the same errors.

import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import type { LanguageModelV4, LanguageModelV4GenerateResult } from "@ai-sdk/provider";
import { generateText, type ModelMessage, Output } from "ai";
import { z } from "zod";

// Keeps the AI SDK from printing compatibility warnings about the simulated (unknown) model ids.
Object.assign(globalThis, { AI_SDK_LOG_WARNINGS: false });

import { askWholeAnswer } from "../../src/consultation/model-call/whole-answer.ts";
import { type ProviderCallSettings, webSearchesIn } from "../../src/providers/call-settings.ts";
import { type CallOptions, type ProviderCase, providerCases } from "../simulator/provider-cases.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";

const instructions = "You are one of several experts. Answer briefly.";
const question: ModelMessage[] = [{ role: "user", content: "Which database suits a small team?" }];
const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
const synthesis = z.object({
  summary: z.string(),
  agreement: z.number().min(0).max(1),
  points: z.array(z.object({ label: z.enum(["A", "B"]), point: z.string() })),
});

let simulator: ProviderSimulator;
before(async () => {
  simulator = await startProviderSimulator();
});
after(() => simulator.close());
beforeEach(() => simulator.reset());

/** One way of asking: the messages, the structured output and the vendor settings of a call. */
interface Asking {
  messages: ModelMessage[];
  output?: ReturnType<typeof Output.object>;
  settings?: CallOptions | undefined;
}

/** What both ways of asking send alike. */
function sharedOptions(model: LanguageModelV4, asking: Asking) {
  return {
    model,
    instructions,
    messages: asking.messages,
    maxOutputTokens: 800,
    abortSignal: new AbortController().signal,
    ...(asking.output ? { output: asking.output } : {}),
  };
}

/** What generateText answers to `asking`, in the shape askWholeAnswer answers. */
async function throughGenerateText(model: LanguageModelV4, asking: Asking) {
  const result = await generateText({ ...sharedOptions(model, asking), maxRetries: 0, ...asking.settings });
  const { text, usage, sources } = result;
  return {
    text,
    usage,
    sources,
    output: asking.output ? result.output : undefined,
    searches: webSearchesIn(result),
  };
}

/** What askWholeAnswer answers to `asking`. */
async function throughWholeAnswer(model: LanguageModelV4, asking: Asking) {
  const result = await askWholeAnswer({
    ...sharedOptions(model, asking),
    // The cases ask for the levels the product asks for ("high").
    ...(asking.settings ? { settings: asking.settings as ProviderCallSettings } : {}),
  });
  const { text, usage, sources, output, providerMetadata } = result;
  return { text, usage, sources, output, searches: webSearchesIn({ steps: [result], providerMetadata }) };
}

/** Asks both ways and holds the two requests the simulator received, and the two answers, equal. */
async function assertSame(providerCase: ProviderCase, asking: Asking) {
  const model = providerCase.createModel(simulator.url) as LanguageModelV4;
  const expected = await throughGenerateText(model, asking);
  const actual = await throughWholeAnswer(model, asking);
  // A source's id is a random one the provider makes up for each answer.
  const withoutIds = (answer: typeof actual) => ({
    ...answer,
    sources: answer.sources.map(({ id: _id, ...source }) => source),
  });
  assert.deepEqual(withoutIds(actual), withoutIds(expected));
  assert.equal(new Set(actual.sources.map((source) => source.id)).size, actual.sources.length);
  const [first, second] = simulator.requests;
  assert.ok(first && second, "both calls reached the simulator");
  assert.deepEqual(second.body, first.body);
  assert.equal(second.headers["user-agent"], first.headers["user-agent"]);
  assert.equal(second.headers["content-type"], first.headers["content-type"]);
  return actual;
}

/** Holds the two failures equal: the same class, message and status. */
async function assertSameFailure(providerCase: ProviderCase, asking: Asking) {
  const model = providerCase.createModel(simulator.url) as LanguageModelV4;
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => assert.fail("the call was answered"),
      (error: Error & { statusCode?: number }) => ({
        name: error.name,
        message: error.message,
        status: error.statusCode,
      }),
    );
  const expected = await failure(throughGenerateText(model, asking));
  assert.deepEqual(await failure(throughWholeAnswer(model, asking)), expected);
  return expected;
}

for (const providerCase of providerCases) {
  describe(`${providerCase.name}: a whole answer as generateText gives it`, () => {
    test("plain text", async () => {
      const answer = await assertSame(providerCase, { messages: question });
      assert.match(answer.text, /^Answer from /);
      assert.ok((answer.usage.outputTokens ?? 0) > 0);
    });

    if (providerCase.webSearch)
      test("with the vendor's web search", async () => {
        const answer = await assertSame(providerCase, {
          messages: question,
          settings: providerCase.webSearch,
        });
        if (providerCase.citations !== "none") assert.ok(answer.sources.length > 0);
      });

    if (providerCase.reasoning)
      test("with reasoning", async () => {
        await assertSame(providerCase, { messages: question, settings: providerCase.reasoning?.options });
      });

    test("structured output", async () => {
      const schema = providerCase.jsonModeOnly ? z.object({ text: z.string() }) : synthesis;
      const answer = await assertSame(providerCase, {
        messages: question,
        output: Output.object({ schema }),
      });
      assert.ok(schema.safeParse(answer.output).success);
    });

    test("attachments", async () => {
      // @ai-sdk/xai sends PDFs only by URL or file id, never inline.
      const files =
        providerCase.provider === "xai"
          ? []
          : [{ type: "file" as const, data: pdf, mediaType: "application/pdf" }];
      const messages: ModelMessage[] = [
        {
          role: "user",
          content: [
            { type: "text", text: "Describe the files." },
            { type: "file", data: png, mediaType: "image/png" },
            ...files,
          ],
        },
      ];
      await assertSame(providerCase, { messages });
      assert.ok((simulator.requests[1]?.attachments.length ?? 0) > 0);
    });

    test("a vendor's error", async () => {
      simulator.setDefaultBehaviour({ status: 429, errorMessage: "Slow down" });
      const failure = await assertSameFailure(providerCase, { messages: question });
      assert.equal(failure.status, 429);
    });

    // JSON mode sends no schema, so the simulator's answer would not match one.
    if (!providerCase.jsonModeOnly)
      test("a structured answer the schema refuses", async () => {
        simulator.setDefaultBehaviour({ text: JSON.stringify({ summary: "s", agreement: 3, points: [] }) });
        const failure = await assertSameFailure(providerCase, {
          messages: question,
          output: Output.object({ schema: synthesis }),
        });
        assert.equal(failure.name, "AI_NoObjectGeneratedError");
      });
  });
}

/** A model that answers every call with `result`: shapes of answer no simulated vendor gives. */
function answering(result: Partial<LanguageModelV4GenerateResult>): LanguageModelV4 {
  return {
    specificationVersion: "v4",
    provider: "hand.chat",
    modelId: "hand",
    supportedUrls: {},
    doGenerate: async () => ({
      content: [],
      finishReason: { unified: "stop", raw: "stop" },
      usage: { inputTokens: { total: 3, noCache: 3 }, outputTokens: { total: 5, text: 5 } },
      warnings: [],
      ...result,
    }),
    doStream: () => Promise.reject(new Error("not streamed here")),
  } as LanguageModelV4;
}

describe("answers no simulated vendor gives, as generateText reads them", () => {
  const object = { summary: "s", agreement: 0.5, points: [] };
  const output = Output.object({ schema: synthesis });

  test("a structured answer in its own text beside commentary (OpenAI's phased messages)", async () => {
    const model = answering({
      content: [
        { type: "text", text: "Let me think. " },
        { type: "text", text: JSON.stringify(object) },
      ],
      structuredOutputText: JSON.stringify(object),
    });
    const expected = await throughGenerateText(model, { messages: question, output });
    assert.deepEqual(await throughWholeAnswer(model, { messages: question, output }), expected);
    assert.deepEqual(expected.output, object);
  });

  for (const [name, finish, text] of [
    ["a call that ends asking for tools", "tool-calls", ""],
    ["an answer cut short", "length", '{"summary": "s", "agr'],
    ["an empty answer", "stop", ""],
  ] as const)
    test(`${name}: the same failure`, async () => {
      const model = answering({
        content: text ? [{ type: "text", text }] : [],
        finishReason: { unified: finish, raw: finish },
      });
      const failure = (call: Promise<unknown>) =>
        call.then(
          () => assert.fail("the call was answered"),
          (error: Error) => ({ name: error.name, message: error.message }),
        );
      const expected = await failure(throughGenerateText(model, { messages: question, output }));
      assert.deepEqual(await failure(throughWholeAnswer(model, { messages: question, output })), expected);
    });
});
