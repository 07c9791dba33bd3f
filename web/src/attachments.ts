// Files the page attaches to a question: what may be chosen (the contract's limits, checked from each
// file's size before it is read), its media type told by its first bytes (a browser guesses from the
// name, and calls a .ts file a video), and its bytes in base64 as the consultation's `attachments`.

import { attachmentLimits } from "../../src/contract/attachment-limits.ts";

export { attachmentLimits };

/** A file chosen and read, ready to send. */
export interface ChosenFile {
  /** Tells two files of the same name apart in the page; not sent. */
  id: number;
  name: string;
  mediaType: string;
  /** The bytes, base64-encoded. */
  data: string;
  bytes: number;
}

/** Images and PDFs by their first bytes. */
const signatures: { mediaType: string; matches: (bytes: Uint8Array) => boolean }[] = [
  { mediaType: "image/png", matches: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]) },
  { mediaType: "image/jpeg", matches: startsWith([0xff, 0xd8, 0xff]) },
  { mediaType: "image/gif", matches: startsWith([0x47, 0x49, 0x46, 0x38]) },
  {
    mediaType: "image/webp",
    matches: (bytes) =>
      startsWith([0x52, 0x49, 0x46, 0x46])(bytes) && startsWith([0x57, 0x45, 0x42, 0x50], 8)(bytes),
  },
  { mediaType: "application/pdf", matches: startsWith([0x25, 0x50, 0x44, 0x46, 0x2d]) },
];

/** Text files whose extension names a more precise type than text/plain. */
const textTypes: Record<string, string> = {
  md: "text/markdown",
  csv: "text/csv",
  html: "text/html",
  css: "text/css",
  json: "application/json",
  yaml: "application/yaml",
  yml: "application/yaml",
  xml: "application/xml",
  toml: "application/toml",
};

/**
 * Which of `candidates` may join `chosen` by their sizes alone (nothing is read yet), and a sentence for
 * each that may not, naming the file, the limit and the fix.
 */
export function admitFiles<T extends { name: string; size: number }>(
  chosen: readonly { bytes: number }[],
  candidates: readonly T[],
): { admitted: T[]; refusals: string[] } {
  const admitted: T[] = [];
  const refusals: string[] = [];
  let total = chosen.reduce((sum, file) => sum + file.bytes, 0);
  for (const candidate of candidates) {
    if (chosen.length + admitted.length >= attachmentLimits.files) {
      refusals.push(
        `${candidate.name}: at most ${attachmentLimits.files} files can be attached to one question. Remove one first.`,
      );
    } else if (candidate.size === 0) {
      refusals.push(`${candidate.name} is empty.`);
    } else if (candidate.size > attachmentLimits.fileBytes) {
      refusals.push(
        `${candidate.name} is ${sizeLabel(candidate.size)}; one file may be at most ${sizeLabel(attachmentLimits.fileBytes)}. Attach a smaller file.`,
      );
    } else if (total + candidate.size > attachmentLimits.totalBytes) {
      refusals.push(
        `${candidate.name} would bring the files past ${sizeLabel(attachmentLimits.totalBytes)} in all. Attach fewer or smaller files.`,
      );
    } else {
      admitted.push(candidate);
      total += candidate.size;
    }
  }
  return { admitted, refusals };
}

/** The media type of a file named `name` with `bytes`, or why it cannot be attached. */
export function mediaTypeOf(name: string, bytes: Uint8Array): { mediaType: string } | { refusal: string } {
  const found = signatures.find((signature) => signature.matches(bytes));
  if (found) return { mediaType: found.mediaType };
  if (bytes.includes(0) || !isUtf8(bytes)) {
    return {
      refusal: `${name} is not an image (PNG, JPEG, GIF, WebP), a PDF or a text file. Attach one of those.`,
    };
  }
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? "";
  return { mediaType: textTypes[extension] ?? "text/plain" };
}

let readCount = 0;

/** Reads a file the size check admitted; resolves with it ready to send, or why it cannot go. */
export async function readChosenFile(file: File): Promise<ChosenFile | { refusal: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = mediaTypeOf(file.name, bytes);
  if ("refusal" in type) return type;
  readCount += 1;
  return {
    id: readCount,
    name: file.name,
    mediaType: type.mediaType,
    data: base64Of(bytes),
    bytes: bytes.length,
  };
}

/** A size for people: bytes, KiB or MiB. */
export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  const mebibytes = bytes / 1024 / 1024;
  return `${Number.isInteger(mebibytes) ? mebibytes : mebibytes.toFixed(1)} MiB`;
}

function base64Of(bytes: Uint8Array): string {
  let binary = "";
  // In slices, so no call gets more arguments than an engine allows.
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function startsWith(signature: number[], offset = 0): (bytes: Uint8Array) => boolean {
  return (bytes) => signature.every((byte, index) => bytes[offset + index] === byte);
}
