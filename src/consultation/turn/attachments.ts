// Files attached to a question: images, PDFs and text. Text files are put into the prompt for every
// model; images and PDFs go as file parts to each model that reads them, and a model that does not
// still answers, its opinion naming what it did not see. Sizes are checked here, once for every front end.

import type { FilePart, ImagePart, TextPart } from "ai";
import type { AttachmentKind, ModelEntry } from "../../configuration/model-entry.ts";
import { attachmentLimits } from "../../contract/attachment-limits.ts";
import type { AttachedFile } from "../../contract/messages.ts";
import { ServiceError } from "../../contract/service-error.ts";

/** One attached file, its content in base64. */
export type Attachment = AttachedFile;

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
 * Checks names, media types, sizes and contents; throws invalid_argument naming the file, the
 * limit and the fix. Returns the attachments with media types normalised.
 */
export function checkAttachments(attachments: readonly Attachment[]): Attachment[] {
  if (attachments.length > attachmentLimits.files) {
    throw invalid(`At most ${attachmentLimits.files} files can be attached to one question.`);
  }
  let total = 0;
  return attachments.map((attachment) => {
    const mediaType = attachment.mediaType.toLowerCase().split(";")[0]?.trim() ?? "";
    const kind = attachmentKind(mediaType);
    if (!kind) {
      throw invalid(
        `${attachment.name}: ${attachment.mediaType} files cannot be attached. Attach images (PNG, JPEG, GIF, WebP), PDFs or text files.`,
      );
    }
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(attachment.data)) {
      throw invalid(`${attachment.name}: the content is not base64. Send the file's bytes base64-encoded.`);
    }
    const bytes = Buffer.from(attachment.data, "base64");
    if (bytes.length === 0) throw invalid(`${attachment.name} is empty.`);
    if (bytes.length > attachmentLimits.fileBytes) {
      throw invalid(
        `${attachment.name} is ${megabytes(bytes.length)}; one file may be at most ${megabytes(attachmentLimits.fileBytes)}.`,
      );
    }
    total += bytes.length;
    if (total > attachmentLimits.totalBytes) {
      throw invalid(
        `The attachments add up to more than ${megabytes(attachmentLimits.totalBytes)}. Attach fewer or smaller files.`,
      );
    }
    if (!contentMatches(kind, mediaType, bytes)) {
      throw invalid(
        `${attachment.name}: the content is not ${mediaType} (its first bytes do not match). Check the file or its media type.`,
      );
    }
    return { name: attachment.name, mediaType, data: attachment.data };
  });
}

/** A deliberately high estimate of the input tokens the attachments add to one call. */
export function attachmentTokens(attachments: readonly Attachment[]): number {
  let tokens = 0;
  for (const attachment of attachments) {
    const kind = attachmentKind(attachment.mediaType);
    const bytes = Buffer.from(attachment.data, "base64");
    // Vendors bill an image at most about 1,600 tokens (they scale large ones down) and a PDF page
    // as its text plus the page as an image.
    if (kind === "image") tokens += 1600;
    else if (kind === "pdf") tokens += pdfPages(bytes) * 3000;
    else tokens += Math.ceil(bytes.length / 3);
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
        `\n--- Attached file: ${attachment.name} ---\n${Buffer.from(attachment.data, "base64").toString("utf8")}\n--- End of ${attachment.name} ---`,
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

/** What is stored of each attachment with the user message: everything but nothing more. */
export function storedAttachments(attachments: readonly Attachment[]): (Attachment & { bytes: number })[] {
  return attachments.map((attachment) => ({
    ...attachment,
    bytes: Buffer.from(attachment.data, "base64").length,
  }));
}

function contentMatches(kind: AttachmentKind | "text", mediaType: string, bytes: Buffer): boolean {
  const starts = (signature: number[], offset = 0) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (kind === "pdf") return starts([0x25, 0x50, 0x44, 0x46]);
  if (kind === "text") return !bytes.includes(0);
  switch (mediaType) {
    case "image/png":
      return starts([0x89, 0x50, 0x4e, 0x47]);
    case "image/jpeg":
      return starts([0xff, 0xd8, 0xff]);
    case "image/gif":
      return starts([0x47, 0x49, 0x46, 0x38]);
    default:
      return starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8);
  }
}

/** The pages of a PDF, counted from its page objects; at least 1. */
function pdfPages(bytes: Buffer): number {
  const matches = bytes.toString("latin1").match(/\/Type\s*\/Page(?!s)/g);
  return Math.max(1, matches?.length ?? 1);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function invalid(message: string): ServiceError {
  return new ServiceError("invalid_argument", message);
}
