// Gemini API (`/models/{model}:generateContent` and `:streamGenerateContent`). Reads the prompt, the files
// in `inlineData` / `fileData` parts, structured output (`generationConfig.responseMimeType:
// "application/json"` with `responseJsonSchema`, what @ai-sdk/google sends, or the older OpenAPI-style
// `responseSchema`), web search (a `googleSearch` tool) and reasoning (`generationConfig.thinkingConfig`
// with a thinking level or a budget other than 0; the thoughts come back only with `includeThoughts`).
// The answer's parts, grounding and usage are in gemini-output.ts. Streams are SSE with `alt=sse` (what
// @ai-sdk/google asks for) and a JSON array of chunks otherwise.

import { type Attachment, attachmentOfBase64 } from "./attachments.ts";
import { finalChunk, partialChunk, thoughtChunk } from "./gemini-output.ts";
import {
  holdsToolResult,
  isRecord,
  type Protocol,
  type ReasoningRequest,
  type StructuredOutput,
  splitIntoDeltas,
  summarisePrompt,
  textOfContent,
  truncatedReply,
} from "./protocol.ts";
import { reasoningOfEffort } from "./reasoning.ts";

/** Matches the Gemini method path; the model is the segment before the colon. */
const methodPath = /\/([^/]+):(generateContent|streamGenerateContent)$/;

/** The model and method named by a Gemini path, or undefined for other paths. */
export function geminiMethodOf(pathname: string): { model: string; stream: boolean } | undefined {
  const match = methodPath.exec(pathname);
  if (!match) return undefined;
  return { model: decodeURIComponent(match[1] ?? ""), stream: match[2] === "streamGenerateContent" };
}

/** The generateContent protocol. */
export const geminiGenerateContent: Protocol = {
  name: "gemini-generate-content",
  parse(body, url) {
    const request = isRecord(body) ? body : {};
    const contents = Array.isArray(request.contents) ? request.contents.filter(isRecord) : [];
    const turns = contents.map((content) => ({
      role: String(content.role ?? "user"),
      text: textOfContent(content.parts),
    }));
    const system = isRecord(request.systemInstruction) ? textOfContent(request.systemInstruction.parts) : "";
    if (system.length > 0) turns.unshift({ role: "system", text: system });
    const method = geminiMethodOf(url.pathname);
    const tools = Array.isArray(request.tools) ? request.tools.filter(isRecord) : [];
    const reasoning = reasoningOf(request.generationConfig);
    return {
      model: method?.model ?? "",
      stream: method?.stream ?? false,
      prompt: summarisePrompt(turns, "user"),
      ...structuredOutputOf(request.generationConfig),
      search: tools.some((tool) => "googleSearch" in tool || "google_search" in tool),
      ...(reasoning ? { reasoning } : {}),
      attachments: contents.flatMap((content) => attachmentsOf(content.parts)),
      toolResult: holdsToolResult(contents.at(-1)?.parts, (part) => "functionResponse" in part),
    };
  },
  render(reply, url) {
    if (reply.toolCall) {
      const chunk = finalChunk(reply, reply.text);
      return reply.stream && url.searchParams.get("alt") === "sse"
        ? { kind: "events", events: [{ data: chunk }] }
        : { kind: "json", body: reply.stream ? [chunk] : chunk };
    }
    if (!reply.stream) return { kind: "json", body: finalChunk(reply, reply.text) };
    const pieces = splitIntoDeltas(reply.text, reply.pieceChars);
    const last = pieces.pop() ?? "";
    const thoughts = reply.reasoning?.visible ? splitIntoDeltas(reply.reasoning.text) : [];
    const chunks = [
      ...thoughts.map((thought) => thoughtChunk(reply, thought)),
      ...pieces.map((piece) => partialChunk(reply, piece)),
      finalChunk(reply, last),
    ];
    return url.searchParams.get("alt") === "sse"
      ? { kind: "events", events: chunks.map((data) => ({ data })) }
      : { kind: "json", body: chunks };
  },
  malformed(stream, url) {
    const truncated = '{"candidates":[{"content":{"parts":[{"text":"Hel';
    return truncatedReply(stream && url.searchParams.get("alt") === "sse", truncated);
  },
};

function structuredOutputOf(configuration: unknown): { structured?: StructuredOutput } {
  if (!isRecord(configuration) || configuration.responseMimeType !== "application/json") return {};
  const schema = configuration.responseJsonSchema ?? configuration.responseSchema;
  return { structured: isRecord(schema) ? { schema } : {} };
}

function reasoningOf(configuration: unknown): ReasoningRequest | undefined {
  if (!isRecord(configuration) || !isRecord(configuration.thinkingConfig)) return undefined;
  const { thinkingBudget, thinkingLevel, includeThoughts } = configuration.thinkingConfig;
  if (thinkingBudget === 0) return undefined;
  return reasoningOfEffort(thinkingLevel, includeThoughts === true);
}

function attachmentsOf(parts: unknown): Attachment[] {
  if (!Array.isArray(parts)) return [];
  return parts.filter(isRecord).flatMap((part) => {
    if (isRecord(part.inlineData)) {
      const attachment = attachmentOfBase64(part.inlineData.mimeType, part.inlineData.data);
      return attachment ? [attachment] : [];
    }
    if (isRecord(part.fileData)) return [{ mediaType: String(part.fileData.mimeType), bytes: 0 }];
    return [];
  });
}
