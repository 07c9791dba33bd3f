// What an evaluation asks of the models, as a port the application fills in: one model asked one prompt,
// a panel consulted as agent.second_opinion consults it, and a synthesis of several answers. Each call
// holds its worst-case cost against the run's budget before any provider is asked, and throws
// `EvaluationBudgetStop` when it does not fit; a model's failure is an answer with `failure`, not a throw.

import type { SecondOpinionInput } from "../../contract/inputs.ts";

/** One model's reply to one prompt. */
export interface ModelReply {
  model: string;
  text: string;
  /** USD; 0 when the model has no price. */
  costUsd: number;
  latencyMs: number;
  /** Why there is no reply (the text is then empty or the cause). */
  failure?: string;
}

/** A panel consulted: its synthesis (or the answer kept without one), its opinions and totals. */
export interface PanelReply extends Omit<ModelReply, "model"> {
  /** The synthesis's agreement score, when it wrote an assessment. */
  agreement?: number;
  /** With strategy "adaptive": the path it took. */
  adaptivePath?: "cheap" | "escalated" | "full";
  /** Each panel model's own answer. */
  opinions: ModelReply[];
}

/** A synthesis of several replies. */
export type SynthesisReply = Omit<PanelReply, "adaptivePath" | "opinions">;

/** What the strategies and the judges call. */
export interface EvaluationCalls {
  /** Asks `model` the `prompt` alone, with `system` instructions when given (a judge's). */
  ask(model: string, prompt: string, options: { system?: string; signal: AbortSignal }): Promise<ModelReply>;
  /** Consults the panel with the second-opinion input `input` (its question and council settings). */
  consult(input: SecondOpinionInput, signal: AbortSignal): Promise<PanelReply>;
  /** `model` writes the synthesis of `replies` to `question`, as a council's synthesis is written. */
  synthesise(
    model: string,
    question: string,
    replies: readonly ModelReply[],
    signal: AbortSignal,
  ): Promise<SynthesisReply>;
}

/** The next call would take the run past its cost cap: the run stops, with what it has done stored. */
export class EvaluationBudgetStop extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EvaluationBudgetStop";
  }
}
