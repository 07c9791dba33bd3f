// One request to a model through the AI SDK, the way the caller wants it: whole (generateText) or
// streamed (streamText, passing the text as it grows, for progress), as plain text or as structured
// output checked against a zod schema. Errors are the SDK's own; retried-call.ts retries and describes them.
// An answer whose text passes `maxAnswerBytes` is an AnswerTooLargeError: a streamed one is stopped
// (its request aborted) the moment it does, so a runaway answer never fills the memory.

import type { LanguageModelV4 } from "@ai-sdk/provider";
import { generateText, type LanguageModelUsage, type ModelMessage, Output, streamText } from "ai";
import type { z } from "zod";
import { AnswerTooLargeError } from "../../providers/answer-too-large.ts";
import { type ProviderCallSettings, webSearchesIn } from "../../providers/call-settings.ts";

/** What to send. */
export interface SdkRequest {
  model: LanguageModelV4;
  instructions: string;
  messages: ModelMessage[];
  maxOutputTokens: number;
  /** Ask for a JSON object matching this schema (the provider's structured output). */
  schema?: z.ZodType;
  /** Stream, and call this with the text so far (for structured output: the partial object) as it grows. */
  onPartial?: (partial: { text?: string; object?: unknown }) => void;
  /** Reasoning, search tools and vendor options for this call. */
  settings?: ProviderCallSettings;
  /** Most UTF-8 bytes of text the answer may have; absent: no cap. */
  maxAnswerBytes?: number;
}

/** What came back. */
export interface SdkResponse {
  text: string;
  usage: LanguageModelUsage;
  sources: Awaited<ReturnType<typeof generateText>>["sources"];
  /** The parsed object, when a schema was given. */
  object?: unknown;
  /** Web searches the vendor ran for the call. */
  webSearches: number;
}

/** Sends `request` once, aborting with `signal`. */
export async function sendSdkRequest(request: SdkRequest, signal: AbortSignal): Promise<SdkResponse> {
  const cap = request.maxAnswerBytes ?? Number.POSITIVE_INFINITY;
  const tooLarge = () => new AnswerTooLargeError(cap, "text");
  const checked = (text: string) => {
    if (text.length > cap / 3 && Buffer.byteLength(text) > cap) throw tooLarge();
    return text;
  };
  const stop = new AbortController();
  const common = {
    model: request.model,
    instructions: request.instructions,
    messages: request.messages,
    abortSignal: AbortSignal.any([signal, stop.signal]),
    maxRetries: 0,
    maxOutputTokens: request.maxOutputTokens,
    ...(request.schema ? { output: Output.object({ schema: request.schema }) } : {}),
    ...request.settings,
  };
  if (!request.onPartial) {
    const result = await generateText(common);
    return {
      text: checked(result.text),
      usage: result.usage,
      sources: result.sources,
      ...(request.schema ? { object: result.output } : {}),
      webSearches: webSearchesIn(result),
    };
  }
  let failure: unknown;
  const result = streamText({
    ...common,
    onError: ({ error }) => {
      failure ??= error;
    },
  });
  const onPartial = request.onPartial;
  if (request.schema) {
    for await (const object of result.partialOutputStream) onPartial({ object });
  } else {
    let text = "";
    let bytes = 0;
    for await (const delta of result.textStream) {
      bytes += Buffer.byteLength(delta);
      if (bytes > cap) {
        stop.abort(tooLarge());
        throw tooLarge();
      }
      text += delta;
      onPartial({ text });
    }
  }
  if (failure !== undefined) throw failure;
  const [text, usage, sources, steps, providerMetadata] = await Promise.all([
    result.text,
    result.usage,
    result.sources,
    result.steps,
    result.providerMetadata,
  ]);
  return {
    text: checked(text),
    usage,
    sources,
    ...(request.schema ? { object: await result.output } : {}),
    webSearches: webSearchesIn({ steps, providerMetadata }),
  };
}
