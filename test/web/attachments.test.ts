// The page's file choice: the same limits as the engine, files refused from their size before they are
// read (too large, too many, past the total, empty), the media type told by the bytes (not by a
// browser's guess from the name), and what is read is what the engine accepts.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { attachmentsFrom } from "../../src/application/attachment-input.ts";
import {
  admitFiles,
  attachmentLimits,
  mediaTypeOf,
  readChosenFile,
  sizeLabel,
} from "../../web/src/attachments.ts";
import { tinyPdf, tinyPng } from "../support/attachment-files.ts";

const mebibyte = 1024 * 1024;

describe("files chosen in the page", () => {
  it("refuses, by size alone, a file too large, one past the total, one too many and an empty one", () => {
    const chosen = [{ bytes: 4 * mebibyte }];
    const { admitted, refusals } = admitFiles(chosen, [
      { name: "huge.pdf", size: 5 * mebibyte + 1 },
      { name: "a.png", size: 4 * mebibyte },
      { name: "b.png", size: 3 * mebibyte },
      { name: "empty.txt", size: 0 },
      { name: "small.txt", size: 10 },
    ]);
    assert.deepEqual(
      admitted.map((file) => file.name),
      ["a.png", "small.txt"],
    );
    assert.deepEqual(refusals, [
      "huge.pdf is 5.0 MiB; one file may be at most 5 MiB. Attach a smaller file.",
      "b.png would bring the files past 10 MiB in all. Attach fewer or smaller files.",
      "empty.txt is empty.",
    ]);
    const full = Array.from({ length: attachmentLimits.files }, () => ({ bytes: 1 }));
    assert.deepEqual(admitFiles(full, [{ name: "eleventh.txt", size: 1 }]).refusals, [
      "eleventh.txt: at most 10 files can be attached to one question. Remove one first.",
    ]);
    assert.equal(sizeLabel(68), "68 B");
    assert.equal(sizeLabel(1536), "1.5 KiB");
  });

  it("tells the media type by the bytes, and refuses what no model reads", () => {
    assert.deepEqual(mediaTypeOf("picture.jpg", tinyPng), { mediaType: "image/png" });
    assert.deepEqual(mediaTypeOf("scan", tinyPdf), { mediaType: "application/pdf" });
    assert.deepEqual(mediaTypeOf("main.ts", Buffer.from("export {};\n")), { mediaType: "text/plain" });
    assert.deepEqual(mediaTypeOf("data.json", Buffer.from("{}")), { mediaType: "application/json" });
    assert.deepEqual(mediaTypeOf("app.exe", Buffer.from([0x4d, 0x5a, 0x90, 0x00])), {
      refusal: "app.exe is not an image (PNG, JPEG, GIF, WebP), a PDF or a text file. Attach one of those.",
    });
  });

  it("reads a file into base64 the engine accepts", async () => {
    const read = await readChosenFile(new File([tinyPng], "dot.png", { type: "image/png" }));
    assert.ok(!("refusal" in read));
    assert.equal(read.bytes, tinyPng.length);
    assert.deepEqual(Buffer.from(read.data, "base64"), tinyPng);
    const accepted = await attachmentsFrom([{ name: read.name, mediaType: read.mediaType, data: read.data }]);
    assert.equal(accepted[0]?.mediaType, "image/png");
    const large = new Uint8Array(3 * mebibyte).fill(0x61);
    const text = await readChosenFile(new File([large], "big.txt"));
    assert.ok(!("refusal" in text));
    assert.equal(Buffer.from(text.data, "base64").length, large.length, "a large file lost bytes in base64");
  });
});
