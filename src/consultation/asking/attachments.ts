// Files attached to a question: images, PDFs and text. Text files are put into the prompt for every
// model; images and PDFs go as file parts to each model that reads them, and a model that does not
// still answers, its opinion naming what it did not see. Sizes are checked here, once for every front end.

import { isUtf8 } from "node:buffer";
import type { FilePart, ImagePart, TextPart } from "ai";
import { attachmentLimits } from "../../contract/attachment-limits.ts";
import { cleanAttachmentName } from "../../contract/attachment-name.ts";
import type { AttachedFile } from "../../contract/messages.ts";
import { ServiceError } from "../../contract/service-error.ts";
import type { AttachmentKind, ModelEntry } from "../../providers/model-entry.ts";
import { pdfPageCount, UncountablePdfError } from "./pdf-pages.ts";

/** One attached file, its content in base64; a PDF's pages counted when it was checked. */
export type Attachment = AttachedFile & { pages?: number };

const imageTypes = ["image/png", "image/jpeg", "image/gif", "image/webp"];
const textTypes =
  /^(text\/[a-z0-9.+-]+|application\/(json|xml|yaml|x-yaml|toml|javascript|typescript|x-sh|sql))$/;

/** What kind of file a media type is, or undefined when it is not accepted. */
export function attachmentKind(mediaType: string): AttachmentKind | "text" | undefined {
  const type = mediaType.toLowerCase().split(";")[0]?.trim() ?? "";
  if (imageTypes.includes(type)) return "image";
  if (type === "application/pdf") return "pdf";
  return textTypes.test(type) ? "text" : undefined;
}

/**
 * Checks names, media types, sizes, contents and a PDF's pages; throws invalid_argument naming the
 * file, the limit and the fix. Returns the attachments with names cleaned, media types normalised
 * and each PDF's pages counted.
 */
export async function checkAttachments(attachments: readonly Attachment[]): Promise<Attachment[]> {
  if (attachments.length > attachmentLimits.files) {
    throw invalid(
      `${attachments.length} files attached; at most ${attachmentLimits.files} can be attached to one question.`,
    );
  }
  let total = 0;
  const checked: Attachment[] = [];
  for (const [index, attachment] of attachments.entries()) {
    const name = cleanAttachmentName(attachment.name);
    if (!name) {
      throw invalid(`Attachment ${index + 1} has no name left once cleaned: name the file, e.g. notes.txt.`);
    }
    const mediaType = attachment.mediaType.toLowerCase().split(";")[0]?.trim() ?? "";
    const kind = attachmentKind(mediaType);
    if (!kind) {
      throw invalid(
        `${name}: ${attachment.mediaType} files cannot be attached. Attach images (PNG, JPEG, GIF, WebP), PDFs or text files.`,
      );
    }
    const bytes = decodeBase64(name, attachment.data);
    if (bytes.length > attachmentLimits.fileBytes) {
      throw invalid(
        `${name} is ${sizeOf(bytes.length)}; one file may be at most ${sizeOf(attachmentLimits.fileBytes)}.`,
      );
    }
    total += bytes.length;
    if (total > attachmentLimits.totalBytes) {
      throw invalid(
        `The attachments add up to more than ${sizeOf(attachmentLimits.totalBytes)}, the most one question may carry. Attach fewer or smaller files.`,
      );
    }
    const mismatch = contentMismatch(kind, mediaType, bytes);
    if (mismatch)
      throw invalid(
        `${name}: the content is not ${mediaType} (${mismatch}). Check the file or its media type.`,
      );
    const pages = kind === "pdf" ? await countPages(name, bytes) : undefined;
    checked.push({ name, mediaType, data: attachment.data, ...(pages !== undefined ? { pages } : {}) });
  }
  return checked;
}

/** A deliberately high estimate of the input tokens the attachments add to one call. */
export function attachmentTokens(attachments: readonly Attachment[]): number {
  let tokens = 0;
  for (const attachment of attachments) {
    const kind = attachmentKind(attachment.mediaType);
    // Vendors bill an image at most about 1,600 tokens (they scale large ones down) and a PDF page
    // as its text plus the page as an image. A PDF not counted (never so after checkAttachments) is
    // reserved at the most pages a PDF may have.
    if (kind === "image") tokens += 1600;
    else if (kind === "pdf") tokens += (attachment.pages ?? attachmentLimits.pdfPages) * 3000;
    else tokens += Math.ceil(Buffer.byteLength(attachment.data, "base64") / 3);
  }
  return tokens;
}

/**
 * The user message content for `entry`: the question with the text files, then each image or PDF
 * the model reads; `unseen` names the others and why.
 */
export function questionContent(
  question: string,
  attachments: readonly Attachment[],
  entry: ModelEntry,
): { content: string | (TextPart | ImagePart | FilePart)[]; unseen: { name: string; reason: string }[] } {
  if (attachments.length === 0) return { content: question, unseen: [] };
  const texts = attachments.filter((attachment) => attachmentKind(attachment.mediaType) === "text");
  const text = [
    question,
    ...texts.map(
      (attachment) =>
        `\n--- Attached file: ${JSON.stringify(attachment.name)} ---\n${Buffer.from(attachment.data, "base64").toString("utf8")}\n--- End of ${JSON.stringify(attachment.name)} ---`,
    ),
  ].join("\n");
  const parts: (TextPart | ImagePart | FilePart)[] = [{ type: "text", text }];
  const unseen: { name: string; reason: string }[] = [];
  for (const attachment of attachments) {
    const kind = attachmentKind(attachment.mediaType);
    if (kind === "text" || kind === undefined) continue;
    if (!entry.reads?.includes(kind)) {
      unseen.push({
        name: attachment.name,
        reason: `${entry.displayName} does not read ${kind === "pdf" ? "PDFs" : "images"}; it answered without this file.`,
      });
      continue;
    }
    parts.push(
      kind === "image"
        ? { type: "image", image: attachment.data, mediaType: attachment.mediaType }
        : { type: "file", data: attachment.data, mediaType: attachment.mediaType, filename: attachment.name },
    );
  }
  return { content: parts.length === 1 ? text : parts, unseen };
}

/** The bytes of base64 `data`; throws invalid_argument when it is not base64 or decodes to nothing. */
function decodeBase64(name: string, data: string): Buffer {
  // Padded or not, but whole: a length of 4n+1 characters, or padding inside, is not base64.
  if (
    !/^[A-Za-z0-9+/]*={0,2}$/.test(data) ||
    data.length % 4 === 1 ||
    (data.includes("=") && data.length % 4 !== 0)
  ) {
    throw invalid(`${name}: the content is not base64. Send the file's bytes base64-encoded.`);
  }
  const bytes = Buffer.from(data, "base64");
  if (bytes.length === 0) throw invalid(`${name} is empty.`);
  return bytes;
}

/** Signatures of the binary kinds a file may be, to tell one declared as something else. */
const signatures: [string, number[], number?][] = [
  ["a PDF", [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ["a PNG image", [0x89, 0x50, 0x4e, 0x47]],
  ["a JPEG image", [0xff, 0xd8, 0xff]],
  ["a GIF image", [0x47, 0x49, 0x46, 0x38]],
  ["a WebP image", [0x57, 0x45, 0x42, 0x50], 8],
];

/** Why `bytes` are not what `mediaType` says, or undefined when they match. */
function contentMismatch(
  kind: AttachmentKind | "text",
  mediaType: string,
  bytes: Buffer,
): string | undefined {
  const starts = (signature: number[], offset = 0) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  const found = signatures.find(([, signature, offset]) => starts(signature, offset))?.[0];
  if (kind === "text") {
    if (found) return `it is ${found}`;
    return isUtf8(bytes) && !bytes.includes(0) ? undefined : "it is not UTF-8 text";
  }
  const expected: Record<string, string> = {
    "application/pdf": "a PDF",
    "image/png": "a PNG image",
    "image/jpeg": "a JPEG image",
    "image/gif": "a GIF image",
    "image/webp": "a WebP image",
  };
  const ok = expected[mediaType] === found && (found !== "a WebP image" || starts([0x52, 0x49, 0x46, 0x46]));
  if (ok) return undefined;
  return found ? `it is ${found}` : "its first bytes do not match";
}

/** The pages of the PDF `name`, within the limit; throws invalid_argument when over it or uncountable. */
async function countPages(name: string, bytes: Buffer): Promise<number> {
  let pages: number;
  try {
    pages = await pdfPageCount(bytes);
  } catch (error) {
    if (!(error instanceof UncountablePdfError)) throw error;
    throw invalid(
      `${name}: its pages cannot be counted (${error.message}). Attach a readable, unencrypted PDF.`,
    );
  }
  if (pages > attachmentLimits.pdfPages) {
    throw invalid(
      `${name} has ${pages} pages; a PDF may have at most ${attachmentLimits.pdfPages}. Attach the pages that matter.`,
    );
  }
  return pages;
}

/** `bytes` in MiB, with the exact count when it is not a whole number of MiB. */
function sizeOf(bytes: number): string {
  const mebibytes = bytes / 1024 / 1024;
  return Number.isInteger(mebibytes)
    ? `${mebibytes} MiB`
    : `${mebibytes.toFixed(1)} MiB (${bytes.toLocaleString("en-US")} bytes)`;
}

function invalid(message: string): ServiceError {
  return new ServiceError("invalid_argument", message);
}
