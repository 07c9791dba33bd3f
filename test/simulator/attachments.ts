// Images and documents in a prompt: what each protocol module reads from its file parts, how many input
// tokens they cost, and the note the default answer adds so an end-to-end test can prove a model got its file.

/** One file a request carried inline (or by reference, then with 0 bytes). */
export interface Attachment {
  mediaType: string;
  /** Decoded size in bytes; 0 for a file passed by URL or file id. */
  bytes: number;
}

/** Input tokens an image costs, whatever its size (Gemini's fixed count per image). */
export const imageTokens = 258;

/** Input tokens per started 100,000 bytes of any other file: roughly one PDF page. */
export const documentTokensPerPage = 500;
const bytesPerPage = 100_000;

/**
 * The attachment a `data:` URL carries, or a by-reference attachment of `fallbackMediaType` for any other URL.
 */
export function attachmentOfUrl(url: unknown, fallbackMediaType: string): Attachment | undefined {
  if (typeof url !== "string") return undefined;
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(url);
  if (!match) return { mediaType: fallbackMediaType, bytes: 0 };
  const [, mediaType, base64, data = ""] = match;
  const bytes = base64 ? Buffer.from(data, "base64").length : Buffer.byteLength(decodeURIComponent(data));
  return { mediaType: mediaType ?? fallbackMediaType, bytes };
}

/** The attachment of base64 `data` with `mediaType`, or undefined when either is missing. */
export function attachmentOfBase64(mediaType: unknown, data: unknown): Attachment | undefined {
  if (typeof mediaType !== "string" || typeof data !== "string") return undefined;
  return { mediaType, bytes: Buffer.from(data, "base64").length };
}

/** Input tokens the attachments add: {@link imageTokens} per image, {@link documentTokensPerPage} per page. */
export function attachmentTokens(attachments: readonly Attachment[]): number {
  return attachments.reduce(
    (sum, attachment) =>
      sum +
      (attachment.mediaType.startsWith("image/")
        ? imageTokens
        : documentTokensPerPage * Math.max(1, Math.ceil(attachment.bytes / bytesPerPage))),
    0,
  );
}

/** What the default answer appends, e.g. " [saw: image/png, application/pdf]"; "" without attachments. */
export function attachmentsNote(attachments: readonly Attachment[]): string {
  if (attachments.length === 0) return "";
  return ` [saw: ${attachments.map((attachment) => attachment.mediaType).join(", ")}]`;
}
