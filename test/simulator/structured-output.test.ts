// Structured output through every real AI SDK provider: `Output.object` gets an object its zod schema
// accepts, whole and streamed, from the default answer (sampled from the schema on the wire) and from a
// reply a test computes from the prompt.

import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { generateText, Output, streamText } from "ai";
import { z } from "zod";

// Keeps the AI SDK from printing compatibility warnings about the simulated (unknown) model ids.
Object.assign(globalThis, { AI_SDK_LOG_WARNINGS: false });

import type { AnswerRequest } from "./behaviour.ts";
import { type ProviderCase, providerCaseNamed, providerCases } from "./provider-cases.ts";
import { type ProviderSimulator, startProviderSimulator } from "./provider-simulator.ts";

/** A reviewer's ranking plus a synthesis-like assessment, with the constraints zod puts on the wire. */
const review = z.object({
  ranking: z.array(z.object({ label: z.enum(["A", "B", "C"]), reason: z.string().max(60) })).length(3),
  assessment: z.object({
    agreement: z.number().min(0).max(1),
    consensus: z.array(z.string()).min(1),
    dissent: z.array(z.object({ label: z.enum(["A", "B", "C"]), point: z.string() })),
    verdict: z.enum(["go", "block"]).nullable(),
    note: z.string().optional(),
  }),
});
type Review = z.infer<typeof review>;

const instructions = "You review answers. Reply with JSON.";
const prompt = "Rank the answers.\n\n### Response B\nTwo.\n\n### Response A\nOne.\n\n### Response C\nThree.";

/** What a test reviewer answers: the labels in the order the prompt shows them. */
function reviewFromPrompt(request: AnswerRequest): string {
  const labels = [...request.lastUserText.matchAll(/Response ([A-C])/g)].map((match) => match[1]);
  const value: Review = {
    ranking: labels.map((label) => ({ label: label as "A", reason: `Response ${label} is clear.` })),
    assessment: { agreement: 0.8, consensus: ["All answer."], dissent: [], verdict: "go" },
  };
  return JSON.stringify(value);
}

let simulator: ProviderSimulator;
before(async () => {
  simulator = await startProviderSimulator();
});
after(() => simulator.close());
beforeEach(() => simulator.reset());

/** Checks a default (sampled) review: valid, a permutation in label order, the default text in strings. */
function assertSampledReview(providerCase: ProviderCase, output: Review): void {
  assert.deepEqual(
    output.ranking.map((entry) => entry.label),
    ["A", "B", "C"],
  );
  const answer = `Answer from ${providerCase.modelId}: ${prompt.slice(0, 80)}`;
  assert.equal(output.ranking[0]?.reason, answer.slice(0, 60));
  assert.equal(output.assessment.consensus[0], answer);
  assert.equal(output.assessment.agreement, 0.5);
}

for (const providerCase of providerCases) {
  describe(`${providerCase.name}: structured output`, () => {
    const model = () => providerCase.createModel(simulator.url);

    test("generateText gets an object its schema accepts", async () => {
      if (providerCase.jsonModeOnly) {
        // No schema reaches the server, so the default is an object holding the default answer.
        const result = await generateText({
          model: model(),
          prompt,
          maxRetries: 0,
          output: Output.object({ schema: z.object({ text: z.string() }) }),
        });
        assert.equal(result.output.text, `Answer from ${providerCase.modelId}: ${prompt.slice(0, 80)}`);
      } else {
        const result = await generateText({
          model: model(),
          instructions,
          prompt,
          maxRetries: 0,
          output: Output.object({ schema: review }),
        });
        assertSampledReview(providerCase, result.output);
        assert.ok((result.usage.outputTokens ?? 0) > 0);
      }
      assert.equal(simulator.requests[0]?.structured, true);
      assert.equal(simulator.requests[0]?.stream, false);
    });

    test("streamText gets the final object, in several partial objects", async () => {
      // Without a schema on the wire, the test supplies the reply, as a test of the engine would.
      if (providerCase.jsonModeOnly) simulator.setBehaviour(providerCase.modelId, { text: reviewFromPrompt });
      const result = streamText({
        model: model(),
        instructions,
        prompt,
        maxRetries: 0,
        output: Output.object({ schema: review }),
      });
      const partials: unknown[] = [];
      for await (const partial of result.partialOutputStream) partials.push(partial);
      assert.ok(partials.length > 1, "the object arrives in several parts");
      const output = await result.output;
      if (providerCase.jsonModeOnly)
        assert.deepEqual(
          output.ranking.map((entry) => entry.label),
          ["B", "A", "C"],
        );
      else assertSampledReview(providerCase, output);
      assert.equal(simulator.requests[0]?.structured, true);
      assert.equal(simulator.requests[0]?.stream, true);
    });

    test("a scripted reply function sees the prompt, the instructions and the structured flag", async () => {
      const seen: AnswerRequest[] = [];
      simulator.setBehaviour(providerCase.modelId, {
        text: (request) => {
          seen.push(request);
          return reviewFromPrompt(request);
        },
      });
      const result = await generateText({
        model: model(),
        instructions,
        prompt,
        maxRetries: 0,
        output: Output.object({ schema: review }),
      });
      assert.deepEqual(
        result.output.ranking.map((entry) => entry.label),
        ["B", "A", "C"],
      );
      assert.deepEqual(seen, [
        { lastUserText: prompt, system: instructions, structured: true, attachments: [] },
      ]);
    });

    test("a plain request is not structured and keeps its default text", async () => {
      const result = await generateText({ model: model(), prompt, maxRetries: 0 });
      assert.equal(result.text, `Answer from ${providerCase.modelId}: ${prompt.slice(0, 80)}`);
      assert.equal(simulator.requests[0]?.structured, false);
    });
  });
}

describe("anthropic's json tool fallback", () => {
  const anthropic = providerCaseNamed("anthropic");
  const options = {
    instructions,
    prompt,
    maxRetries: 0,
    output: Output.object({ schema: review }),
    providerOptions: { anthropic: { structuredOutputMode: "jsonTool" as const } },
  };

  test("generateText gets the object from a tool_use block", async () => {
    const result = await generateText({ model: anthropic.createModel(simulator.url), ...options });
    assertSampledReview(anthropic, result.output);
    assert.equal(result.finishReason, "stop");
    const body = simulator.requests[0]?.body as { tools?: { name: string }[] };
    assert.deepEqual(
      body.tools?.map((tool) => tool.name),
      ["json"],
    );
    assert.equal(simulator.requests[0]?.structured, true);
  });

  test("streamText gets the object from input_json_delta events", async () => {
    const result = streamText({ model: anthropic.createModel(simulator.url), ...options });
    const partials: unknown[] = [];
    for await (const partial of result.partialOutputStream) partials.push(partial);
    assert.ok(partials.length > 1, "the object arrives in several parts");
    assertSampledReview(anthropic, await result.output);
  });
});

test("gemini's OpenAPI-style responseSchema gets JSON that fits it", async () => {
  const response = await fetch(`${simulator.url}/google/v1beta/models/gemini-sim:generateContent`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      contents: [{ role: "user", parts: [{ text: "Score it." }] }],
      generationConfig: {
        responseMimeType: "application/json",
        responseSchema: {
          type: "OBJECT",
          properties: { score: { type: "INTEGER", minimum: 1, maximum: 5 }, why: { type: "STRING" } },
          required: ["score", "why"],
        },
      },
    }),
  });
  const body = (await response.json()) as { candidates: { content: { parts: { text: string }[] } }[] };
  const text = body.candidates[0]?.content.parts[0]?.text ?? "";
  assert.deepEqual(JSON.parse(text), { score: 3, why: "Answer from gemini-sim: Score it." });
});
