// `ask --file`: the media type told by a file's first bytes and its extension, the engine accepting
// what is read, and every refusal in one line naming the path, the limit and the fix: not a regular
// file (a directory, /dev/zero, a FIFO, which would block if it were opened), too large, too many, of a
// kind no model reads, or named for what it is not.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { attachmentsFrom } from "../../src/application/attachment-input.ts";
import { readAttachedFiles } from "../../src/cli/attached-files.ts";
import { CommandLineError } from "../../src/cli/command-line.ts";
import { attachmentLimits } from "../../src/contract/attachment-limits.ts";
import { jpegStart, tinyPdf, tinyPng } from "../support/attachment-files.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const mebibyte = 1024 * 1024;

/** A fresh directory with `files` written into it; returns the path of each by name. */
function folder(files: Record<string, Buffer | string>): (name: string) => string {
  const directory = temporaryDirectory("files");
  for (const [name, content] of Object.entries(files)) writeFileSync(join(directory, name), content);
  return (name) => join(directory, name);
}

/** A file of `bytes` bytes that starts with `start` (sparse: nothing is written past it). */
function largeFile(path: string, start: Buffer, bytes: number): string {
  writeFileSync(path, start);
  truncateSync(path, bytes);
  return path;
}

/** Asserts that reading `paths` is refused with one line matching `pattern`. */
function refused(paths: string[], pattern: RegExp): void {
  assert.throws(
    () => readAttachedFiles(paths),
    (error: unknown) => {
      assert.ok(error instanceof CommandLineError, String(error));
      assert.doesNotMatch(error.message, /\n/, "the refusal is more than one line");
      assert.match(error.message, pattern);
      return true;
    },
  );
}

describe("files attached with ask --file", () => {
  it("tells images, PDFs and text by their bytes, and the engine accepts them as read", async () => {
    const path = folder({
      "dot.png": tinyPng,
      "scan.pdf": tinyPdf,
      "photo.jpg": jpegStart,
      // A PNG without an extension is still a PNG; a .ts file is text, whatever a browser would guess.
      screenshot: tinyPng,
      "run-ask.ts": "export const answer = 42;\n",
      "settings.json": '{"a": 1}\n',
      "notes.md": "# Notes: café ☕\n",
    });
    const names = [
      "dot.png",
      "scan.pdf",
      "photo.jpg",
      "screenshot",
      "run-ask.ts",
      "settings.json",
      "notes.md",
    ];
    const attachments = readAttachedFiles(names.map(path));
    assert.deepEqual(
      attachments.map((attachment) => attachment.mediaType),
      [
        "image/png",
        "application/pdf",
        "image/jpeg",
        "image/png",
        "text/plain",
        "application/json",
        "text/markdown",
      ],
    );
    assert.equal(attachments[0]?.name, path("dot.png"));
    assert.deepEqual(Buffer.from(attachments[1]?.data ?? "", "base64"), tinyPdf);
    assert.equal(
      (await attachmentsFrom(attachments)).length,
      names.length,
      "the engine refused what was read",
    );
  });

  it("refuses what is not a regular file without reading it", () => {
    const path = folder({});
    mkdirSync(path("folder"));
    refused([path("folder")], /^--file .*folder is a folder, not a regular file\. Attach .* at most 5 MiB\./);
    refused(["/dev/zero"], /^--file \/dev\/zero is a character device, not a regular file\./);
    // Opening a FIFO to read waits for a writer: this would hang if the file were opened.
    assert.equal(spawnSync("mkfifo", [path("pipe")]).status, 0, "mkfifo failed");
    refused([path("pipe")], /^--file .*pipe is a FIFO \(named pipe\), not a regular file\./);
    refused([path("missing.png")], /^Cannot read --file .*missing\.png: ENOENT\./);
  });

  it("refuses files over the engine's limits from their size", () => {
    const path = folder({});
    const over = largeFile(path("big.png"), tinyPng, attachmentLimits.fileBytes + 1);
    refused(
      [over],
      /^--file .*big\.png is 5\.0 MiB \(5242881 bytes\); one file may be at most 5 MiB\. Attach a smaller file/,
    );
    // Three files of 4 MiB each: the third would bring the request past 10 MiB.
    const parts = ["a.png", "b.png", "c.png"].map((name) => largeFile(path(name), tinyPng, 4 * mebibyte));
    refused(
      parts,
      /^--file .*c\.png would bring the attachments past 10 MiB in all, .* Attach fewer or smaller files\./,
    );
    assert.equal(readAttachedFiles(parts.slice(0, 2)).length, 2);
    const many = Array.from({ length: attachmentLimits.files + 1 }, () => parts[0] ?? "");
    refused(many, /^11 files given; at most 10 can be attached to one question\./);
    writeFileSync(path("empty.txt"), "");
    refused([path("empty.txt")], /^--file .*empty\.txt is empty\./);
  });

  it("refuses a kind no model reads, and a file named for what it is not", () => {
    const path = folder({
      "archive.zip": Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff, 0xfe]),
      "fake.png": "just some text",
      "photo.pdf": tinyPng,
    });
    refused(
      [path("archive.zip")],
      /^--file .*archive\.zip is not an image \(PNG, JPEG, GIF, WebP\), a PDF or a text file\./,
    );
    refused([path("fake.png")], /^--file .*fake\.png is named like a PNG image but its content is not one\./);
    refused(
      [path("photo.pdf")],
      /^--file .*photo\.pdf is named like a PDF but its content is not one \(it is a PNG image\)\./,
    );
  });
});
