// A built-in stand-in model used only when no provider is configured: it lets a newcomer run the
// whole flow (opinions, synthesis, history) before adding a key. Every answer says it is simulated.
// Asked for structured output, it answers JSON that fits the requested schema, its text in every string.

import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FinishReason,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import { streamOf } from "./generated-stream.ts";
import { sampleFromSchema } from "./schema-sample.ts";

const personaAngles: Record<string, string> = {
  analyst: "breaks the question into its parts and weighs each one",
  skeptic: "looks for the weakest assumption and the ways the obvious answer could fail",
  researcher: "looks for what the published sources say",
  pragmatist: "asks what a practitioner would actually do first",
};

const finishReason: LanguageModelV4FinishReason = { unified: "stop", raw: "stop" };

/** Creates a simulated model for a persona such as "analyst". `delayMs` imitates network latency. */
export function createSimulatedLanguageModel(
  modelId: string,
  persona: string,
  delayMs = 250,
): LanguageModelV4 {
  return {
    specificationVersion: "v4",
    provider: "simulated",
    modelId,
    supportedUrls: {},
    async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
      await delay(delayMs, options.abortSignal);
      const text = answer(options, persona);
      return {
        content: [{ type: "text", text }],
        finishReason,
        usage: usageOf(options, text),
        warnings: [],
      };
    },
    async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
      await delay(delayMs, options.abortSignal);
      const text = answer(options, persona);
      return streamOf({
        content: [{ type: "text", text }],
        finishReason,
        usage: usageOf(options, text),
      });
    },
  };
}

/** The model's whole answer: its simulated text, or that text inside JSON when the caller asks for JSON. */
function answer(options: LanguageModelV4CallOptions, persona: string): string {
  const prompt = lastUserText(options);
  const text = prompt.includes("## Opinions")
    ? simulatedSynthesis(prompt)
    : `[Simulated ${persona} answer, no real model was called] The ${persona} ${personaAngles[persona] ?? "answers"}: "${firstLine(prompt)}". Add a provider key (for example OPENAI_API_KEY) to get real opinions.`;
  const format = options.responseFormat;
  if (format?.type !== "json") return text;
  return JSON.stringify(
    format.schema ? sampleFromSchema(format.schema, fieldText(text, persona), true) : { text },
  );
}

/**
 * What a simulated model writes in each string of a structured answer: its text where the answer goes,
 * and its own name where a model is named (it took part, so votes and claims name a participant).
 */
function fieldText(text: string, persona: string): (path: string[]) => string {
  return (path) => {
    const field = path.filter((part) => !/^\d+$/.test(part)).at(-1) ?? "";
    if (["synthesis", "answer", "text"].includes(field)) return text;
    if (field === "model" || field === "models") return `simulated-${persona}`;
    return `[Simulated ${field || "value"}] configure a real provider for a real one.`;
  };
}

function usageOf(options: LanguageModelV4CallOptions, text: string): LanguageModelV4Usage {
  const inputTokens = Math.ceil(JSON.stringify(options.prompt).length / 4);
  const outputTokens = Math.ceil(text.length / 4);
  return {
    inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: outputTokens, text: outputTokens, reasoning: undefined },
  };
}

function simulatedSynthesis(prompt: string): string {
  const opinions = prompt.match(/^### /gm)?.length ?? 0;
  return `[Simulated synthesis, no real model was called] ${opinions} simulated opinions were compared. Agreement: they all restate the question. Differences: each takes its persona's angle. Answer: configure a real provider to get a substantive answer.`;
}

function lastUserText(options: LanguageModelV4CallOptions): string {
  const user = [...options.prompt].reverse().find((message) => message.role === "user");
  if (!user || typeof user.content === "string") return "";
  return user.content.map((part) => (part.type === "text" ? part.text : "")).join("");
}

function firstLine(text: string): string {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

function delay(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
