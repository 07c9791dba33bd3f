// Scripted behaviour of simulated models: what each model answers, how slowly, and how it fails.
// The book decides one outcome per request (answer.ts computes a successful one); the protocol modules
// only render it.

import { STATUS_CODES } from "node:http";
import { answerOf } from "./answer.ts";
import type { Attachment } from "./attachments.ts";
import type { ParsedRequest } from "./protocol.ts";

/** A web source a simulated model cites; each protocol renders it in its native form. */
export interface SimulatedCitation {
  url: string;
  title: string;
  snippet?: string;
  /** When the page was published, e.g. "2025-03-14": Perplexity's `date`, Anthropic's `page_age`. */
  date?: string;
}

/**
 * Token counts a simulated model reports, as the AI SDK adds them up: each protocol splits them into its own
 * fields (Anthropic's `input_tokens`, for one, excludes the cached tokens).
 */
export interface SimulatedUsage {
  /** Every input token, cached ones included. */
  inputTokens: number;
  /** The answer's tokens; reasoning tokens come on top, from the behaviour's `reasoning`. */
  outputTokens: number;
  /** Input tokens read from the prompt cache (part of `inputTokens`). */
  cachedInputTokens?: number;
  /** Input tokens written to the prompt cache (part of `inputTokens`); only Anthropic and OpenRouter report them. */
  cacheWriteTokens?: number;
}

/** A model's reasoning: the thought text (or summary) and the tokens it cost. */
export interface SimulatedReasoning {
  text: string;
  tokens: number;
}

/** A web search the model ran; its sources are the answer's citations. */
export interface SimulatedSearch {
  queries: string[];
}

/** A tool the model asks the client to run (a CLI's write or shell tool), with its arguments. */
export interface SimulatedToolCall {
  name: string;
  input: Record<string, unknown>;
}

/** What a scripted reply can be computed from. */
export interface AnswerRequest {
  lastUserText: string;
  /** The system (or developer) instructions, joined. */
  system: string;
  /** The request asked for JSON output. */
  structured: boolean;
  /** Images and documents in the prompt. */
  attachments: Attachment[];
}

/**
 * How a simulated model answers. A model's own behaviour replaces the default behaviour entirely
 * (fields are not merged). `failTimes` limits every failure mode (`status`, `hang`, `malformed`)
 * to the first N requests for the model, counted from when the behaviour was set.
 */
export interface ModelBehaviour {
  /**
   * Reply text, or a function computing it from the request (in-process only: the control endpoint takes
   * JSON). Default: `Answer from ${model}: ` + first 80 chars of the last user message text; for a
   * structured request, JSON matching the requested schema with that text in every string (an object
   * `{"text": ...}` when the request names no schema).
   */
  text?: string | ((request: AnswerRequest) => string);
  /** Delay before the response starts (default 0). */
  latencyMs?: number;
  /** Respond with this HTTP error status and the provider's real error body shape. */
  status?: number;
  /** Message inside that error body. */
  errorMessage?: string;
  /** Sets the Retry-After header on the error response; fractions are allowed to keep tests fast. */
  retryAfterSeconds?: number;
  /** Only the first N requests for this model fail; later ones succeed. */
  failTimes?: number;
  /** Only the first N requests for this model wait `latencyMs` (a model slow once); later ones answer at once. */
  slowTimes?: number;
  /** Accept the request and never answer (until the client disconnects). */
  hang?: boolean;
  /** 200 with a body that is not valid JSON for the protocol (truncated JSON). */
  malformed?: boolean;
  /**
   * Take the delay from a `<model>=<ms>` pair inside a `[latency ...]` marker in the last user
   * message when there is one (falls back to latencyMs). The benchmark uses it to give every
   * consultation its own spread of latencies while knowing each one's critical path.
   */
  latencyFromPrompt?: boolean;
  /**
   * null omits usage from the response entirely; default: computed from lengths (~chars/4), plus
   * `attachmentTokens` for the prompt's files.
   */
  usage?: SimulatedUsage | null;
  /**
   * Sources in the protocol's native form, returned only when the request asks for the vendor's web search
   * (Perplexity always searches). Default when searching: two sources derived from the question.
   */
  citations?: SimulatedCitation[];
  /** What the web search asks, when the request asks for one. Default: the first 60 chars of the last user text. */
  searchQueries?: string[];
  /**
   * The reasoning, returned only when the request enables reasoning. Default then: a short thought and
   * three times the answer's output tokens.
   */
  reasoning?: SimulatedReasoning;
  /**
   * Streams the answer's text in pieces of this many characters (the last may be shorter) instead of a
   * word at a time, so one unbroken run (base64) streams in many pieces too. Default: word by word.
   */
  pieceChars?: number;
  /**
   * Asks the client to run this tool instead of answering, in each protocol's own form (Anthropic's
   * `tool_use`, a Responses `function_call`, Gemini's `functionCall`), on every request that does not
   * carry a tool's result; the request that does (the client's next) is answered as usual.
   */
  toolCall?: SimulatedToolCall;
}

/** The text of a request that the default reply and the default usage are computed from. */
export interface PromptSummary {
  lastUserText: string;
  /** The system (or developer) instructions, joined. */
  system: string;
  totalCharacters: number;
}

/** What the simulator does with one request. */
export type Outcome =
  | { kind: "fail"; status: number; message: string; retryAfterSeconds?: number }
  | { kind: "hang" }
  | { kind: "malformed" }
  | AnswerOutcome;

/** A successful answer, before a protocol renders it. */
export interface AnswerOutcome {
  kind: "answer";
  text: string;
  usage: SimulatedUsage | null;
  /** Empty unless the model searched. */
  citations: SimulatedCitation[];
  /** Present when the request asked for web search. */
  search?: SimulatedSearch;
  /** Present when the request enabled reasoning. */
  reasoning?: SimulatedReasoning;
  /** The behaviour's `pieceChars`: the size of each streamed piece of the text, when set. */
  pieceChars?: number;
  /** Present when the model asks to run a tool instead of answering. */
  toolCall?: SimulatedToolCall;
}

/** What a request asks for beyond its text, each changing what the answer carries. */
export type RequestFeatures = Partial<
  Pick<ParsedRequest, "structured" | "search" | "reasoning" | "attachments" | "toolResult">
>;

/** A decision for one request: how long to wait first, then what to do. */
export interface Decision {
  latencyMs: number;
  outcome: Outcome;
}

/** Holds scripted behaviours and turns them into one decision per request. */
export interface BehaviourBook {
  set(model: string, behaviour: ModelBehaviour): void;
  setDefault(behaviour: ModelBehaviour): void;
  reset(): void;
  /** `features` says whether the request asked for JSON, web search or reasoning, and which files it sent. */
  decide(model: string, prompt: PromptSummary, features?: RequestFeatures): Decision;
}

/** Creates an empty book: every model answers at once with its default text. */
export function createBehaviourBook(): BehaviourBook {
  const behaviours = new Map<string, ModelBehaviour>();
  const failuresServed = new Map<string, number>();
  const slowServedOf = new Map<string, number>();
  let fallback: ModelBehaviour = {};

  return {
    set(model, behaviour) {
      behaviours.set(model, { ...behaviour });
      failuresServed.delete(model);
      slowServedOf.delete(model);
    },
    setDefault(behaviour) {
      fallback = { ...behaviour };
      for (const model of failuresServed.keys()) if (!behaviours.has(model)) failuresServed.delete(model);
    },
    reset() {
      behaviours.clear();
      failuresServed.clear();
      slowServedOf.clear();
      fallback = {};
    },
    decide(model, prompt, features = {}) {
      const behaviour = behaviours.get(model) ?? fallback;
      const slowServed = slowServedOf.get(model) ?? 0;
      slowServedOf.set(model, slowServed + 1);
      const slow = behaviour.slowTimes === undefined || slowServed < behaviour.slowTimes;
      const latencyMs =
        (behaviour.latencyFromPrompt ? promptLatency(model, prompt.lastUserText) : undefined) ??
        (slow ? behaviour.latencyMs : 0) ??
        0;
      const failing =
        behaviour.status !== undefined || behaviour.hang === true || behaviour.malformed === true;
      const served = failuresServed.get(model) ?? 0;
      if (failing && (behaviour.failTimes === undefined || served < behaviour.failTimes)) {
        failuresServed.set(model, served + 1);
        return { latencyMs, outcome: failureOf(model, behaviour) };
      }
      return { latencyMs, outcome: answerOf(model, behaviour, prompt, features) };
    },
  };
}

function failureOf(model: string, behaviour: ModelBehaviour): Outcome {
  if (behaviour.hang) return { kind: "hang" };
  if (behaviour.status !== undefined) {
    const status = behaviour.status;
    const message =
      behaviour.errorMessage ?? `Simulated ${status} ${STATUS_CODES[status] ?? "error"} for ${model}`;
    return behaviour.retryAfterSeconds === undefined
      ? { kind: "fail", status, message }
      : { kind: "fail", status, message, retryAfterSeconds: behaviour.retryAfterSeconds };
  }
  return { kind: "malformed" };
}

/** The delay a `[latency model=ms ...]` marker in `text` names for `model`, if any. */
export function promptLatency(model: string, text: string): number | undefined {
  const marker = text.match(/\[latency ([^\]]*)\]/)?.[1];
  if (!marker) return undefined;
  for (const pair of marker.split(/\s+/)) {
    const [name, value] = pair.split("=");
    if (name === model && value !== undefined && /^\d+$/.test(value)) return Number(value);
  }
  return undefined;
}
