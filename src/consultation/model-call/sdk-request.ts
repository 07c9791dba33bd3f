// One request to a model through the AI SDK, the way the caller wants it: whole (whole-answer.ts, the
// provider asked directly as generateText would) or streamed (streamText, passing the text as it grows,
// for progress), as plain text or as structured output checked against a zod schema. Errors are the
// SDK's own; retried-call.ts retries and describes them.
// An answer whose text passes `maxAnswerBytes` is an AnswerTooLargeError: a streamed one, plain or
// structured, is stopped (its request aborted) the moment it does, so a runaway answer never fills the
// memory. The work per streamed piece is constant: a plain answer's pieces are handed on as they come,
// never the text so far (the text so far is a rope of every piece, and reading into it, even 64
// characters of it, makes V8 flatten the whole rope: work per piece growing with the text); the SDK's own
// parse of the whole partial object at every piece is switched off (it made a long structured answer
// cost time and memory growing with the square of its length), and the partial object is parsed here at
// most every `partialIntervalMs`, or less often when a parse takes long, so parsing never takes more
// than a tenth of the time. And a fast stream of small pieces is read in slices of `sliceMs`, with a
// consultation of the event loop between, so it cannot hold up every other request.

import type { LanguageModelV4 } from "@ai-sdk/provider";
import { type LanguageModelUsage, type ModelMessage, Output, parsePartialJson, streamText } from "ai";
import type { z } from "zod";
import { AnswerTooLargeError } from "../../providers/answer-too-large.ts";
import { type ProviderCallSettings, webSearchesIn } from "../../providers/call-settings.ts";
import { type AnswerSource, askWholeAnswer } from "./whole-answer.ts";

/** What a streamed request tells as its answer forms (text-progress.ts makes one per model's answer). */
export interface AnswerListener {
  /**
   * A request starts streaming a plain answer: each attempt, and each request of a hedged pair, calls it
   * once and hands the function it returns each piece of its text, in order, as it arrives.
   */
  opened(): (piece: string) => void;
  /** A structured answer's partial object so far, at most every `partialIntervalMs`. */
  partialObject(object: unknown): void;
}

/** What to send. */
export interface SdkRequest {
  model: LanguageModelV4;
  instructions: string;
  messages: ModelMessage[];
  maxOutputTokens: number;
  /** Ask for a JSON object matching this schema (the provider's structured output). */
  schema?: z.ZodType;
  /** Stream, and tell this the answer as it forms: each piece of a plain answer, or the partial object. */
  streamTo?: AnswerListener;
  /** Reasoning, search tools and vendor options for this call. */
  settings?: ProviderCallSettings;
  /** Most UTF-8 bytes of text the answer may have; absent: no cap. */
  maxAnswerBytes?: number;
}

/** What came back. */
export interface SdkResponse {
  text: string;
  usage: LanguageModelUsage;
  sources: AnswerSource[];
  /** The parsed object, when a schema was given. */
  object?: unknown;
  /** Web searches the vendor ran for the call. */
  webSearches: number;
}

/** Sends `request` once, aborting with `signal`. */
export async function sendSdkRequest(request: SdkRequest, signal: AbortSignal): Promise<SdkResponse> {
  const cap = request.maxAnswerBytes ?? Number.POSITIVE_INFINITY;
  const output = request.schema ? objectOutput(request.schema) : undefined;
  if (!request.streamTo) {
    const result = await askWholeAnswer({
      model: request.model,
      instructions: request.instructions,
      messages: request.messages,
      maxOutputTokens: request.maxOutputTokens,
      abortSignal: signal,
      ...(output ? { output } : {}),
      ...(request.settings ? { settings: request.settings } : {}),
    });
    return {
      text: withinCap(result.text, cap),
      usage: result.usage,
      sources: result.sources,
      ...(output ? { object: result.output } : {}),
      webSearches: webSearchesIn({ steps: [result], providerMetadata: result.providerMetadata }),
    };
  }
  return await sendStreamed(request, request.streamTo, signal, output, cap);
}

/** `text`, unless it passes `cap` UTF-8 bytes: then an AnswerTooLargeError. */
function withinCap(text: string, cap: number): string {
  if (text.length > cap / 3 && Buffer.byteLength(text) > cap) throw new AnswerTooLargeError(cap, "text");
  return text;
}

/**
 * The longest the pieces of one stream are read without a consultation of the event loop, in milliseconds. The
 * pieces a network read brought (hundreds, when they are small) pass through the SDK one after another
 * in promises, without a consultation: in slices of this long, other requests (`/health`, other calls) get in
 * between.
 */
const sliceMs = 10;

/** Sends `request` once as a stream, telling `listener` the answer as it forms; stops it once it passes `cap`. */
async function sendStreamed(
  request: SdkRequest,
  listener: AnswerListener,
  signal: AbortSignal,
  output: ReturnType<typeof objectOutput> | undefined,
  cap: number,
): Promise<SdkResponse> {
  const tooLarge = () => new AnswerTooLargeError(cap, "text");
  // A streamed answer can also be stopped from here, once it grows too large.
  const stop = new AbortController();
  let failure: unknown;
  const result = streamText({
    model: request.model,
    instructions: request.instructions,
    messages: request.messages,
    abortSignal: AbortSignal.any([signal, stop.signal]),
    maxRetries: 0,
    maxOutputTokens: request.maxOutputTokens,
    ...(output ? { output } : {}),
    ...request.settings,
    onError: ({ error }) => {
      failure ??= error;
    },
  });
  const partials = request.schema ? throttledPartialObjects(listener) : undefined;
  const take = partials ? undefined : listener.opened();
  // A structured answer's text so far, for its parse now and then (a plain one is never read whole).
  let streamed = "";
  let bytes = 0;
  let sliceStarted = performance.now();
  try {
    for await (const delta of result.textStream) {
      bytes += Buffer.byteLength(delta);
      if (bytes > cap) {
        stop.abort(tooLarge());
        throw tooLarge();
      }
      if (partials) {
        streamed += delta;
        partials.grew(streamed);
      } else take?.(delta);
      if (performance.now() - sliceStarted > sliceMs) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStarted = performance.now();
      }
    }
  } finally {
    partials?.stop();
  }
  if (failure !== undefined) throw failure;
  await partials?.parse(streamed);
  const [text, usage, sources, steps, providerMetadata] = await Promise.all([
    result.text,
    result.usage,
    result.sources,
    result.steps,
    result.providerMetadata,
  ]);
  return {
    text: withinCap(text, cap),
    usage,
    sources,
    ...(output ? { object: await result.output } : {}),
    webSearches: webSearchesIn({ steps, providerMetadata }),
  };
}

/** Output specs by schema: the JSON Schema is made from zod once per schema, not once per call. */
const objectOutputs = new WeakMap<z.ZodType, ReturnType<typeof Output.object>>();

/**
 * The structured output of `schema`, without the SDK's partial parse at every streamed piece (see the
 * file's header); the complete answer is still parsed and checked against the schema.
 */
function objectOutput(schema: z.ZodType): ReturnType<typeof Output.object> {
  let output = objectOutputs.get(schema);
  if (!output) {
    // The SDK passes a streamed piece on only when the partial output changes: the text's length does,
    // at every piece, and costs nothing to make or compare.
    output = {
      ...Output.object({ schema }),
      parsePartialOutput: async ({ text }) => ({ partial: text.length }),
    };
    objectOutputs.set(schema, output);
  }
  return output;
}

/** The shortest time between two parses of a growing structured answer, in milliseconds. */
const partialIntervalMs = 100;

/**
 * Parses a growing JSON answer into partial objects for `listener`, at most one parse per interval: the
 * interval is `partialIntervalMs`, or ten times the last parse's duration when that is longer.
 */
function throttledPartialObjects(listener: AnswerListener) {
  let latest = "";
  let parsed = "";
  let intervalMs = partialIntervalMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const parse = async (text: string) => {
    if (text === parsed) return;
    parsed = text;
    const started = performance.now();
    const { value } = await parsePartialJson(text);
    intervalMs = Math.max(partialIntervalMs, 10 * (performance.now() - started));
    if (value !== undefined) listener.partialObject(value);
  };
  return {
    /** The answer so far is `text`. */
    grew(text: string) {
      latest = text;
      timer ??= setTimeout(() => {
        timer = undefined;
        void parse(latest);
      }, intervalMs);
    },
    /** Parses `text` now: the last partial object, once the answer is complete. */
    parse,
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
