// Attachments: what is accepted, what each model is sent, what it is told it did not see, and the
// tokens an estimate counts.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { attachmentsFrom } from "../../src/application/attachment-input.ts";
import type { ModelEntry } from "../../src/configuration/model-entry.ts";
import {
  attachmentTokens,
  checkAttachments,
  questionContent,
} from "../../src/consultation/turn/attachments.ts";
import { attachmentLimits } from "../../src/contract/attachment-limits.ts";
import { ServiceError } from "../../src/contract/service-error.ts";

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).toString("base64");
const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n2 0 obj << /Type /Page >> endobj\n%%EOF",
).toString("base64");
const text = Buffer.from("line one\nline two").toString("base64");

const reader: ModelEntry = {
  name: "reader",
  provider: "openai",
  modelId: "r",
  displayName: "Reader",
  contextWindow: 100_000,
  webSearch: false,
  reads: ["image", "pdf"],
};
const textOnly: ModelEntry = { ...reader, name: "plain", displayName: "Plain", reads: undefined };

const invalid = (pattern: RegExp) => (error: unknown) =>
  error instanceof ServiceError && error.code === "invalid_argument" && pattern.test(error.message);

describe("checkAttachments", () => {
  it("accepts images, PDFs and text, normalising the media type", () => {
    const checked = checkAttachments([
      { name: "a.png", mediaType: "IMAGE/PNG", data: png },
      { name: "b.pdf", mediaType: "application/pdf", data: pdf },
      { name: "c.txt", mediaType: "text/plain; charset=utf-8", data: text },
    ]);
    assert.deepEqual(
      checked.map((attachment) => attachment.mediaType),
      ["image/png", "application/pdf", "text/plain"],
    );
  });

  it("refuses other types, content that does not match, bad base64, and files over the limits", () => {
    assert.throws(
      () => checkAttachments([{ name: "a.zip", mediaType: "application/zip", data: png }]),
      invalid(/a\.zip: application\/zip files cannot be attached/),
    );
    assert.throws(
      () => checkAttachments([{ name: "fake.png", mediaType: "image/png", data: pdf }]),
      invalid(/fake\.png: the content is not image\/png/),
    );
    assert.throws(
      () => checkAttachments([{ name: "x.png", mediaType: "image/png", data: "not base64!" }]),
      invalid(/not base64/),
    );
    const big = Buffer.alloc(attachmentLimits.fileBytes + 1, 0x41).toString("base64");
    assert.throws(
      () => checkAttachments([{ name: "big.txt", mediaType: "text/plain", data: big }]),
      invalid(/big\.txt is 5\.0 MiB; one file may be at most 5\.0 MiB/),
    );
    const many = Array.from({ length: attachmentLimits.files + 1 }, (_, index) => ({
      name: `${index}.txt`,
      mediaType: "text/plain",
      data: text,
    }));
    assert.throws(() => checkAttachments(many), invalid(/At most 10 files/));
  });

  it("takes MCP embedded resources, blob or text", () => {
    const [image, note] = attachmentsFrom([
      {
        type: "resource",
        resource: { uri: "file:///tmp/chart%20one.png", mimeType: "image/png", blob: png },
      },
      { type: "resource", resource: { uri: "mem://notes.md", mimeType: "text/markdown", text: "# Notes" } },
    ]);
    assert.equal(image?.name, "chart one.png");
    assert.equal(Buffer.from(note?.data ?? "", "base64").toString("utf8"), "# Notes");
    assert.throws(
      () => attachmentsFrom([{ type: "resource", resource: { uri: "mem://x", mimeType: "text/plain" } }]),
      invalid(/exactly one of "blob"/),
    );
  });
});

describe("questionContent", () => {
  const attachments = checkAttachments([
    { name: "a.png", mediaType: "image/png", data: png },
    { name: "b.pdf", mediaType: "application/pdf", data: pdf },
    { name: "c.txt", mediaType: "text/plain", data: text },
  ]);

  it("sends images and PDFs to a model that reads them, and text files to every model", () => {
    const { content, unseen } = questionContent("What is this?", attachments, reader);
    assert.deepEqual(unseen, []);
    assert.ok(Array.isArray(content));
    assert.deepEqual(
      content.map((part) => part.type),
      ["text", "image", "file"],
    );
    assert.match((content[0] as { text: string }).text, /What is this\?[\s\S]*c\.txt[\s\S]*line two/);
  });

  it("tells a text-only model what it did not see", () => {
    const { content, unseen } = questionContent("What is this?", attachments, textOnly);
    assert.equal(typeof content, "string");
    assert.match(String(content), /line one/);
    assert.deepEqual(
      unseen.map((file) => file.name),
      ["a.png", "b.pdf"],
    );
    assert.match(unseen[1]?.reason ?? "", /Plain does not read PDFs/);
  });

  it("counts images, PDF pages and text in the estimate", () => {
    assert.equal(attachmentTokens([attachments[0] as never]), 1600);
    assert.equal(attachmentTokens([attachments[1] as never]), 2 * 3000);
    assert.equal(attachmentTokens([attachments[2] as never]), Math.ceil(17 / 3));
  });
});
