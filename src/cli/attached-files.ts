// `ask --file PATH`: each file read as an attachment for the models: an image (PNG, JPEG, GIF, WebP), a
// PDF or a text file, its media type told by its first bytes (and, for text, its extension). A path that
// is not a regular file (a directory, /dev/zero, a FIFO) or a file over the engine's limits is refused
// from its size alone, before it is read and before any model is called.

import { closeSync, constants, fstatSync, openSync, readSync, type Stats, statSync } from "node:fs";
import { basename, extname } from "node:path";
import { attachmentLimits } from "../contract/attachment-limits.ts";
import { fileKindOf } from "../contract/file-kind.ts";
import type { AttachedFile } from "../contract/messages.ts";
import { CommandLineError } from "./command-error.ts";

/** Images and PDFs, told by their first bytes. */
const signatures: { mediaType: string; label: string; matches: (bytes: Buffer) => boolean }[] = [
  { mediaType: "image/png", label: "PNG image", matches: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]) },
  { mediaType: "image/jpeg", label: "JPEG image", matches: startsWith([0xff, 0xd8, 0xff]) },
  { mediaType: "image/gif", label: "GIF image", matches: startsWith([0x47, 0x49, 0x46, 0x38]) },
  {
    mediaType: "image/webp",
    label: "WebP image",
    matches: (bytes) =>
      startsWith([0x52, 0x49, 0x46, 0x46])(bytes) && startsWith([0x57, 0x45, 0x42, 0x50], 8)(bytes),
  },
  { mediaType: "application/pdf", label: "PDF", matches: startsWith([0x25, 0x50, 0x44, 0x46, 0x2d]) },
];

/** The media type each extension of an image or PDF promises. */
const promised: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".pdf": "application/pdf",
};

/** Text files whose extension names a more precise type than text/plain. */
const textTypes: Record<string, string> = {
  ".md": "text/markdown",
  ".markdown": "text/markdown",
  ".csv": "text/csv",
  ".html": "text/html",
  ".htm": "text/html",
  ".css": "text/css",
  ".json": "application/json",
  ".yaml": "application/yaml",
  ".yml": "application/yaml",
  ".xml": "application/xml",
  ".toml": "application/toml",
};

const accepted = "an image (PNG, JPEG, GIF, WebP), a PDF or a text file";

/**
 * Reads each `--file` path as an attachment. Throws CommandLineError, in one line naming the path, the
 * limit and the fix, for a path that is missing, not a regular file, empty, too large, of a kind the
 * models cannot read, or whose content does not match its extension.
 */
export function readAttachedFiles(paths: readonly string[]): AttachedFile[] {
  if (paths.length > attachmentLimits.files) {
    throw refuse(
      `${paths.length} files given; at most ${attachmentLimits.files} can be attached to one question. Attach fewer files.`,
    );
  }
  let total = 0;
  return paths.map((path) => {
    const bytes = readRegularFile(path, attachmentLimits.totalBytes - total);
    total += bytes.length;
    return { name: nameOf(path), mediaType: mediaTypeOf(path, bytes), data: bytes.toString("base64") };
  });
}

/** The media type of a file's `bytes`: by signature for images and PDFs, else text by its extension. */
export function mediaTypeOf(path: string, bytes: Buffer): string {
  const extension = extname(path).toLowerCase();
  const found = signatures.find((signature) => signature.matches(bytes));
  const expected = promised[extension];
  if (expected && found?.mediaType !== expected) {
    const label = signatures.find((signature) => signature.mediaType === expected)?.label ?? expected;
    throw refuse(
      `--file ${path} is named like a ${label} but its content is not one${found ? ` (it is a ${found.label})` : ""}. Check the file, or rename it.`,
    );
  }
  if (found) return found.mediaType;
  if (!isText(bytes)) {
    throw refuse(`--file ${path} is not ${accepted}. Attach one of those (convert the file if needed).`);
  }
  return textTypes[extension] ?? "text/plain";
}

/**
 * The bytes of `path`, refused without reading when it is not a regular file or is larger than one file
 * may be, or than the `room` left of the request's total.
 */
function readRegularFile(path: string, room: number): Buffer {
  // stat first: opening a FIFO to read would wait for a writer, and a device may never end.
  checkSize(
    path,
    statOf(path, () => statSync(path)),
    room,
  );
  let descriptor: number;
  try {
    // O_NONBLOCK: should the path have become a FIFO since, opening it does not wait (fstat refuses it).
    descriptor = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw unreadable(path, error);
  }
  try {
    const stats = statOf(path, () => fstatSync(descriptor));
    checkSize(path, stats, room);
    // One byte more than the file claims, to see a file that grew since; never more than the limit.
    const buffer = Buffer.alloc(Math.min(stats.size, attachmentLimits.fileBytes, room) + 1);
    let length = 0;
    for (;;) {
      const read = readSync(descriptor, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length === buffer.length) break;
    }
    if (length > stats.size) {
      throw refuse(`--file ${path} grew while it was read. Attach it once it is written.`);
    }
    if (length === 0) throw refuse(`--file ${path} is empty. Attach a file with content.`);
    return buffer.subarray(0, length);
  } catch (error) {
    if (error instanceof CommandLineError) throw error;
    throw unreadable(path, error);
  } finally {
    closeSync(descriptor);
  }
}

function statOf(path: string, stat: () => Stats): Stats {
  try {
    return stat();
  } catch (error) {
    throw unreadable(path, error);
  }
}

function checkSize(path: string, stats: Stats, room: number): void {
  if (!stats.isFile()) {
    throw refuse(
      `--file ${path} is ${fileKindOf(stats)}, not a regular file. Attach ${accepted}, at most ${mebibytes(attachmentLimits.fileBytes)}.`,
    );
  }
  if (stats.size > attachmentLimits.fileBytes) {
    throw refuse(
      `--file ${path} is ${mebibytes(stats.size)} (${stats.size} bytes); one file may be at most ${mebibytes(attachmentLimits.fileBytes)}. Attach a smaller file (shrink the image, or the part of the PDF that matters).`,
    );
  }
  if (stats.size > room) {
    throw refuse(
      `--file ${path} would bring the attachments past ${mebibytes(attachmentLimits.totalBytes)} in all, the most one question may carry. Attach fewer or smaller files.`,
    );
  }
  if (stats.size === 0) throw refuse(`--file ${path} is empty. Attach a file with content.`);
}

/** Whether `bytes` read as UTF-8 text: no NUL byte and no invalid sequence. */
function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The name the models see: the path as given, or its file name when the path is long. */
function nameOf(path: string): string {
  return path.length <= 200 ? path : basename(path).slice(-200);
}

function startsWith(signature: number[], offset = 0): (bytes: Buffer) => boolean {
  return (bytes) => signature.every((byte, index) => bytes[offset + index] === byte);
}

function mebibytes(bytes: number): string {
  const value = bytes / 1024 / 1024;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MiB`;
}

function unreadable(path: string, error: unknown): CommandLineError {
  return refuse(`Cannot read --file ${path}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}.`);
}

function refuse(message: string): CommandLineError {
  return new CommandLineError(message, "ask");
}
