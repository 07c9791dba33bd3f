// Images and PDFs through every real AI SDK provider: the simulator records each file the request carried
// (media type and decoded size), the default answer names what it saw, and input usage grows by a fixed
// rule, so an end-to-end test can prove a model got its file.

import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { generateText } from "ai";

// Keeps the AI SDK from printing compatibility warnings about the simulated (unknown) model ids.
Object.assign(globalThis, { AI_SDK_LOG_WARNINGS: false });

import { estimateTokens } from "./answer.ts";
import { type Attachment, attachmentTokens } from "./attachments.ts";
import { providerCaseNamed, providerCases } from "./provider-cases.ts";
import { type ProviderSimulator, startProviderSimulator } from "./provider-simulator.ts";

const prompt = "Describe the files.";
const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");

let simulator: ProviderSimulator;
before(async () => {
  simulator = await startProviderSimulator();
});
after(() => simulator.close());
beforeEach(() => simulator.reset());

/** A user message with the prompt, an image and (unless left out) a PDF. */
function messages(withPdf: boolean) {
  return [
    {
      role: "user" as const,
      content: [
        { type: "text" as const, text: prompt },
        { type: "file" as const, data: png, mediaType: "image/png" },
        ...(withPdf
          ? [{ type: "file" as const, data: pdf, mediaType: "application/pdf", filename: "a.pdf" }]
          : []),
      ],
    },
  ];
}

for (const providerCase of providerCases) {
  // @ai-sdk/xai sends PDFs only by URL or file id, never inline.
  const withPdf = providerCase.provider !== "xai";
  const sent: Attachment[] = [
    { mediaType: "image/png", bytes: png.length },
    ...(withPdf ? [{ mediaType: "application/pdf", bytes: pdf.length }] : []),
  ];

  describe(`${providerCase.name}: attachments`, () => {
    test("the log records each file, the answer names it and input usage counts it", async () => {
      const result = await generateText({
        model: providerCase.createModel(simulator.url),
        messages: messages(withPdf),
        maxRetries: 0,
      });
      assert.deepEqual(simulator.requests[0]?.attachments, sent);
      const seen = sent.map((attachment) => attachment.mediaType).join(", ");
      assert.equal(result.text, `Answer from ${providerCase.modelId}: ${prompt} [saw: ${seen}]`);
      assert.equal(result.usage.inputTokens, estimateTokens(prompt.length) + attachmentTokens(sent));
    });
  });
}

describe("attachment details", () => {
  test("an image costs 258 tokens and a document 500 per started 100,000 bytes", () => {
    assert.equal(attachmentTokens([{ mediaType: "image/jpeg", bytes: 5_000_000 }]), 258);
    assert.equal(attachmentTokens([{ mediaType: "application/pdf", bytes: 250_000 }]), 1500);
    assert.equal(attachmentTokens([{ mediaType: "application/pdf", bytes: 0 }]), 500);
  });

  test("a scripted reply function sees the attachments; a plain request has none", async () => {
    const anthropic = providerCaseNamed("anthropic");
    const seen: Attachment[][] = [];
    simulator.setBehaviour(anthropic.modelId, {
      text: (request) => {
        seen.push(request.attachments);
        return `${request.attachments.length} files`;
      },
    });
    const model = anthropic.createModel(simulator.url);
    const withFiles = await generateText({ model, messages: messages(true), maxRetries: 0 });
    const plain = await generateText({ model, prompt, maxRetries: 0 });
    assert.equal(withFiles.text, "2 files");
    assert.equal(plain.text, "0 files");
    assert.deepEqual(
      seen[0]?.map((attachment) => attachment.mediaType),
      ["image/png", "application/pdf"],
    );
    assert.deepEqual(simulator.requests[1]?.attachments, []);
  });
});
