// Stand-in models for evaluation tests whose answers are worked out from the prompt: each model has a
// script that reads the question's tag (`[q1]`) in the prompt and says what it answers, so a test knows
// which model is right or wrong on which question. A synthesis request (structured output) answers its
// schema's JSON with the scripted synthesis text and agreement score. Every call is recorded with its
// model and whether it was a synthesis; a gate can hold calls open.

import type { LanguageModelV4, LanguageModelV4CallOptions } from "@ai-sdk/provider";
import type { LanguageModelFactory } from "../../../src/providers/create-language-model.ts";
import type { ModelEntry } from "../../../src/providers/model-entry.ts";
import { sampleFromSchema } from "../../../src/providers/schema-sample.ts";

/** What a script sees of one call. */
export interface ScriptedCall {
  model: string;
  /** The question tag found in the prompt (`q1`), if any. */
  question: string | undefined;
  /** The call asked for structured output (the synthesis). */
  structured: boolean;
  /** What kind of call it is, told by its instructions. */
  kind: "alone" | "opinion" | "synthesis" | "judge" | "other";
  /** The system instructions and every message's text, joined. */
  text: string;
}

/** A model's script: its reply text (and, for a synthesis, the agreement score) for a call. */
export type Script = (call: ScriptedCall) => ScriptedReply;

/** A scripted reply: its text, a synthesis's agreement score, or an error to fail with. */
export interface ScriptedReply {
  text: string;
  agreement?: number;
  error?: string;
}

/** Scripted models, sharing one log of calls. */
export class ScriptedModels {
  readonly calls: ScriptedCall[] = [];
  /** The calls that answered (not failed or cancelled), in the order they did. */
  readonly answered: ScriptedCall[] = [];
  /** The most calls that were running at once, per provider. */
  readonly peaks = new Map<string, number>();
  readonly #running = new Map<string, number>();
  readonly #scripts = new Map<string, Script>();
  /** Resolves before a call answers when set (a test holds calls open with it). */
  gate: Promise<void> | undefined;

  /** Scripts the model named `name`. */
  script(name: string, script: Script): void {
    this.#scripts.set(name, script);
  }

  /** The model factory: every entry answers by its name's script. */
  readonly factory: LanguageModelFactory = (entry: ModelEntry) => this.#model(entry);

  #model(entry: ModelEntry): LanguageModelV4 {
    const generate = async (options: LanguageModelV4CallOptions) => {
      const text = promptText(options);
      const call: ScriptedCall = {
        model: entry.name,
        question: /\[(q\d+)\]/.exec(text)?.[1],
        structured: options.responseFormat?.type === "json",
        kind: kindOf(text, options.responseFormat?.type === "json"),
        text,
      };
      this.calls.push(call);
      const running = (this.#running.get(entry.provider) ?? 0) + 1;
      this.#running.set(entry.provider, running);
      this.peaks.set(entry.provider, Math.max(running, this.peaks.get(entry.provider) ?? 0));
      try {
        if (this.gate) await this.gate;
        await new Promise((resolve) => setImmediate(resolve));
        options.abortSignal?.throwIfAborted();
        const script: Script = this.#scripts.get(entry.name) ?? (() => ({ text: "Answer: none" }));
        const reply = script(call);
        if (reply.error) throw Object.assign(new Error(reply.error), { statusCode: 400 });
        const format = options.responseFormat;
        const body =
          format?.type === "json" && format.schema
            ? JSON.stringify(synthesisObject(format.schema, reply.text, reply.agreement ?? 0.5))
            : reply.text;
        this.answered.push(call);
        return {
          content: [{ type: "text" as const, text: body }],
          finishReason: { unified: "stop" as const, raw: "stop" },
          usage: {
            inputTokens: { total: 1000, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: 500, text: undefined, reasoning: undefined },
          },
          warnings: [],
        };
      } finally {
        this.#running.set(entry.provider, (this.#running.get(entry.provider) ?? 1) - 1);
      }
    };
    return {
      specificationVersion: "v4",
      provider: "scripted",
      modelId: entry.modelId,
      supportedUrls: {},
      doGenerate: generate,
      doStream: () => Promise.reject(new Error("The scripted models do not stream.")),
    };
  }
}

/** The kind of a call, by the instructions the engine gives each. */
function kindOf(text: string, structured: boolean): ScriptedCall["kind"] {
  if (structured || text.includes("You write the synthesis")) return "synthesis";
  if (text.startsWith("You are an impartial judge")) return "judge";
  if (text.startsWith("You are one of several independent experts")) return "opinion";
  if (text.startsWith("You are a helpful expert assistant")) return "alone";
  return "other";
}

/** The text of a call's prompt: system and messages, joined. */
function promptText(options: LanguageModelV4CallOptions): string {
  return options.prompt
    .map((message) =>
      typeof message.content === "string"
        ? message.content
        : message.content.map((part) => ("text" in part ? part.text : "")).join(" "),
    )
    .join("\n");
}

/** The synthesis schema's JSON with `text` as the synthesis and `agreement` as its score. */
function synthesisObject(schema: unknown, text: string, agreement: number): unknown {
  const sample = sampleFromSchema(schema, () => "x") as Record<string, unknown>;
  return {
    ...sample,
    synthesis: text,
    agreement: { score: agreement, reason: "scripted" },
    verdict: null,
  };
}
