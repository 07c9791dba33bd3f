// Gemini API (`/models/{model}:generateContent` and `:streamGenerateContent`). Citations are grounding
// chunks (`groundingMetadata.groundingChunks[].web`), sent with the final candidate as Google Search does.
// Streams are SSE with `alt=sse` (what @ai-sdk/google asks for) and a JSON array of chunks otherwise.
// Structured output is `generationConfig.responseMimeType: "application/json"`, with the schema in
// `responseJsonSchema` (what @ai-sdk/google sends) or the older OpenAPI-style `responseSchema`.

import type { SimulatedUsage } from "./behaviour.ts";
import {
  isRecord,
  type Protocol,
  type SimulatedReply,
  type StructuredOutput,
  splitIntoDeltas,
  summarisePrompt,
  textOfContent,
  truncatedReply,
} from "./protocol.ts";

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
    return {
      model: method?.model ?? "",
      stream: method?.stream ?? false,
      prompt: summarisePrompt(turns, "user"),
      ...structuredOutputOf(request.generationConfig),
    };
  },
  render(reply, url) {
    if (!reply.stream) return { kind: "json", body: finalChunk(reply, reply.text) };
    const pieces = splitIntoDeltas(reply.text);
    const last = pieces.pop() ?? "";
    const chunks = [...pieces.map((piece) => partialChunk(reply, piece)), finalChunk(reply, last)];
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

function partialChunk(reply: SimulatedReply, text: string): unknown {
  return {
    candidates: [{ content: { parts: [{ text }], role: "model" }, index: 0 }],
    modelVersion: reply.model,
    responseId: reply.id,
  };
}

function finalChunk(reply: SimulatedReply, text: string): unknown {
  const grounding =
    reply.citations.length === 0
      ? {}
      : {
          groundingMetadata: {
            webSearchQueries: [reply.text.slice(0, 40)],
            groundingChunks: reply.citations.map((citation) => ({
              web: { uri: citation.url, title: citation.title },
            })),
            groundingSupports: [
              {
                segment: { startIndex: 0, endIndex: reply.text.length, text: reply.text },
                groundingChunkIndices: reply.citations.map((_, index) => index),
                confidenceScores: reply.citations.map(() => 0.9),
              },
            ],
          },
        };
  return {
    candidates: [
      { content: { parts: [{ text }], role: "model" }, finishReason: "STOP", index: 0, ...grounding },
    ],
    ...(reply.usage ? { usageMetadata: usageMetadata(reply.usage) } : {}),
    modelVersion: reply.model,
    responseId: reply.id,
  };
}

function usageMetadata(usage: SimulatedUsage): unknown {
  return {
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: usage.outputTokens,
    totalTokenCount: usage.inputTokens + usage.outputTokens,
  };
}
