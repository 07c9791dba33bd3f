// The simulated models through the AI SDK: plain text as before, and JSON that fits the requested schema,
// whole and streamed.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { generateText, Output, streamText } from "ai";
import { z } from "zod";
import { createSimulatedLanguageModel } from "../../src/providers/simulated-language-model.ts";

const ranking = z.object({
  ranking: z.array(z.object({ label: z.enum(["A", "B", "C"]), reason: z.string() })).length(3),
});
const synthesis = z.object({
  synthesis: z.string(),
  assessment: z.object({
    agreement: z.number().min(0).max(1),
    consensus: z.array(z.string()),
    dissent: z.array(z.string()),
    verdict: z.enum(["go", "block"]).optional(),
  }),
});
const model = createSimulatedLanguageModel("simulated-analyst", "analyst", 0);

describe("simulated language model", () => {
  it("answers plain text that says it is simulated", async () => {
    const result = await generateText({ model, prompt: "Is Rust fast?" });
    assert.match(result.text, /^\[Simulated analyst answer, no real model was called\].*"Is Rust fast\?"/);
  });

  it("answers a ranking that fits the schema, with short simulated reasons", async () => {
    const result = await generateText({
      model,
      prompt: "Rank Response A, Response B and Response C.",
      output: Output.object({ schema: ranking }),
    });
    assert.deepEqual(
      result.output.ranking.map((entry) => entry.label),
      ["A", "B", "C"],
    );
    assert.match(result.output.ranking[0]?.reason ?? "", /^\[Simulated reason\] configure a real provider/);
    assert.ok(result.usage.outputTokens !== undefined && result.usage.outputTokens > 0);
  });

  it("ranks every response when the schema asks for every one without bounding the list, as a review does", async () => {
    const unbounded = z.object({
      ranking: z.array(z.object({ response: z.enum(["A", "B", "C", "D"]), reason: z.string() })),
    });
    const result = await generateText({
      model,
      prompt: "Rank every response exactly once, best first.",
      output: Output.object({ schema: unbounded }),
    });
    assert.deepEqual(
      result.output.ranking.map((entry) => entry.response),
      ["A", "B", "C", "D"],
    );
  });

  it("names itself where a structured answer names a model, so its votes name a participant", async () => {
    const votes = z.object({
      votes: z.array(z.object({ model: z.string(), vote: z.enum(["go", "block"]) })),
    });
    const result = await generateText({ model, prompt: "Vote.", output: Output.object({ schema: votes }) });
    assert.ok(result.output.votes.length > 0);
    for (const vote of result.output.votes) assert.equal(vote.model, "simulated-analyst");
  });

  it("streams a synthesis object that fits the schema", async () => {
    const result = streamText({
      model,
      prompt: "Combine these.\n\n## Opinions\n\n### One\nYes.\n\n### Two\nNo.",
      output: Output.object({ schema: synthesis }),
    });
    const partials: unknown[] = [];
    for await (const partial of result.partialOutputStream) partials.push(partial);
    assert.ok(partials.length > 1, "the object arrives in several parts");
    const output = await result.output;
    assert.match(output.synthesis, /^\[Simulated synthesis, no real model was called\] 2 simulated opinions/);
    assert.equal(output.assessment.agreement, 0.5);
    assert.equal(output.assessment.verdict, "go");
  });

  it("streams plain text in several deltas", async () => {
    const result = streamText({ model, prompt: "Is Rust fast?" });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    assert.ok(deltas.length > 1);
    assert.equal(deltas.join(""), (await generateText({ model, prompt: "Is Rust fast?" })).text);
  });
});
