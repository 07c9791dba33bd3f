// A hand-written fake language model that records its calls and answers as told, for unit tests.
// Asked for structured output, it answers its text inside JSON shaped by the requested schema (or
// the object or raw text it was given); it streams when asked to, word by word.

import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
} from "@ai-sdk/provider";
import { streamOf } from "../../src/providers/generated-stream.ts";
import { sampleFromSchema } from "../../src/providers/schema-sample.ts";

/** How a fake answers one call. */
export interface FakeAnswer {
  text?: string;
  /**
   * The structured answer, when one is asked for (default: the text inside the requested shape); a
   * function gets the call's prompt as text (to answer labels it finds there).
   */
  object?: unknown;
  /** Sent as is, even when structured output is asked for (to test malformed answers). */
  raw?: string;
  /** Thrown instead of answering. */
  error?: unknown;
  usage?: { input: number; output: number } | null;
  sources?: { url: string; title?: string }[];
  /** Resolves before the answer is given; lets a test hold a call open. */
  gate?: Promise<void>;
}

/** A recorded call. */
export interface FakeCall {
  model: string;
  prompt: LanguageModelV4CallOptions["prompt"];
  signal: AbortSignal | undefined;
  /** Whether the call asked for structured output. */
  structured: boolean;
  /** Whether the call streamed. */
  streamed: boolean;
  /** The reasoning level the call asked for, as the AI SDK passes it. */
  reasoning: LanguageModelV4CallOptions["reasoning"];
  /** The names of the tools the call offered (a vendor's search tool among them). */
  tools: string[];
  /** The provider options of the call (an agent CLI's workspace among them). */
  providerOptions: LanguageModelV4CallOptions["providerOptions"];
  startedAt: number;
  finishedAt?: number;
}

/** A set of fake models sharing one call log. */
export class FakeModels {
  readonly calls: FakeCall[] = [];
  private readonly scripts = new Map<string, FakeAnswer[]>();
  private tick = 0;

  /** Queues answers for `modelId`; the last one repeats. */
  script(modelId: string, ...answers: FakeAnswer[]): void {
    this.scripts.set(modelId, answers);
  }

  callsOf(modelId: string): FakeCall[] {
    return this.calls.filter((call) => call.model === modelId);
  }

  /** A LanguageModelV4 for `modelId`. */
  model(modelId: string): LanguageModelV4 {
    return {
      specificationVersion: "v4",
      provider: "fake",
      modelId,
      supportedUrls: {},
      doGenerate: (options) => this.answer(modelId, options, false),
      doStream: async (options) => streamOf(await this.answer(modelId, options, true)),
    };
  }

  private async answer(
    modelId: string,
    options: LanguageModelV4CallOptions,
    streamed: boolean,
  ): Promise<LanguageModelV4GenerateResult> {
    const format = options.responseFormat;
    const call: FakeCall = {
      model: modelId,
      prompt: options.prompt,
      signal: options.abortSignal,
      reasoning: options.reasoning,
      tools: (options.tools ?? []).map((tool) => tool.name),
      providerOptions: options.providerOptions,
      structured: format?.type === "json",
      streamed,
      startedAt: this.tick++,
    };
    this.calls.push(call);
    const queue = this.scripts.get(modelId) ?? [];
    const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? {};
    if (answer.gate) await abortable(answer.gate, options.abortSignal);
    call.finishedAt = this.tick++;
    if (answer.error !== undefined) throw answer.error;
    const plain = answer.text ?? `answer of ${modelId}`;
    const text =
      answer.raw ??
      (format?.type !== "json" ? plain : JSON.stringify(structuredAnswer(answer.object, options, plain)));
    const usage = answer.usage === undefined ? { input: 100, output: 50 } : answer.usage;
    return {
      content: [
        { type: "text", text },
        ...(answer.sources ?? []).map((source, index) => ({
          type: "source" as const,
          sourceType: "url" as const,
          id: `${modelId}-${index}`,
          url: source.url,
          ...(source.title ? { title: source.title } : {}),
        })),
      ],
      finishReason: { unified: "stop", raw: "stop" },
      usage: {
        inputTokens: { total: usage?.input, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: usage?.output, text: undefined, reasoning: undefined },
      },
      warnings: [],
    };
  }
}

function abortable(gate: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return gate;
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    gate.then(resolve, reject);
  });
}

/** The object a structured call answers: the scripted one (or its function's result), else a sample. */
function structuredAnswer(scripted: unknown, options: LanguageModelV4CallOptions, text: string): unknown {
  if (typeof scripted === "function") return scripted(JSON.stringify(options.prompt));
  if (scripted !== undefined) return scripted;
  const format = options.responseFormat;
  return format?.type === "json" && format.schema ? sampleFromSchema(format.schema, () => text) : { text };
}
