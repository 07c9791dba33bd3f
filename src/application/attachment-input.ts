// The second-opinion input as every path that asks the panel takes it (the use case, the cost question,
// an evaluation): validated, and its attachments (base64 files or MCP embedded resources) turned into
// checked attachments, so every front end gets the same names, types and limits.

import { type Attachment, checkAttachments } from "../consultation/index.ts";
import { secondOpinionInput } from "../contract/inputs.ts";
import { ServiceError } from "../contract/service-error.ts";
import { validateInput } from "../contract/validate-input.ts";

/**
 * The second-opinion `input` validated, with `request`, what the panel is asked: every field but the
 * idempotency key, the answer-by time and the result's detail (how much of it a front end shows), its
 * attachments checked. Throws invalid_argument.
 */
export async function panelRequest(input: unknown) {
  const {
    idempotencyKey,
    attachments,
    answerWithinSeconds,
    detail: _detail,
    ...rest
  } = validateInput(secondOpinionInput, input);
  const checked = await attachmentsFrom(attachments);
  const request = { ...rest, ...(checked.length > 0 ? { attachments: checked } : {}) };
  return { idempotencyKey, answerWithinSeconds, request };
}

/** An attachment as the input schema accepts it. */
export type AttachmentInput =
  | { name: string; mediaType: string; data: string }
  | { type: "resource"; resource: { uri: string; mimeType: string; blob?: string; text?: string } };

/** The checked attachments of a request; throws invalid_argument naming the file and the fix. */
export async function attachmentsFrom(inputs: readonly AttachmentInput[] | undefined): Promise<Attachment[]> {
  if (!inputs || inputs.length === 0) return [];
  return checkAttachments(
    inputs.map((input) => {
      if (!("resource" in input)) return input;
      const { uri, mimeType, blob, text } = input.resource;
      if ((blob === undefined) === (text === undefined)) {
        throw new ServiceError(
          "invalid_argument",
          `Attached resource ${uri} needs exactly one of "blob" (base64 bytes) or "text".`,
        );
      }
      return {
        name: nameOf(uri),
        mediaType: mimeType,
        data: blob ?? Buffer.from(text ?? "", "utf8").toString("base64"),
      };
    }),
  );
}

/** The last path segment of a resource URI, or the URI itself (the engine cleans and shortens it). */
function nameOf(uri: string): string {
  const path = uri.replace(/[?#].*$/, "");
  const last = path.slice(path.lastIndexOf("/") + 1);
  try {
    return decodeURIComponent(last) || uri;
  } catch {
    return last || uri;
  }
}
