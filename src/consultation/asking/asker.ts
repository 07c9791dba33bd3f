// What every consultation shares: its askers (one model, or a panel plus synthesis) differ only in how they
// ask and what their answer is. Each is given the conversation so far as plain messages and returns what it
// made; reading the conversation and recording the turn are the application's (application/turns/).

import type { ModelOpinion } from "../../contract/opinions.ts";
import type { RunOptions } from "../consultation-services.ts";
import type { fitPlanToBudget } from "../planning/cost-budget.ts";

/** One earlier message of the conversation, as a model reads it (oldest first; system ones are skipped). */
export interface HistoryMessage {
  role: "user" | "assistant" | "system";
  content: string;
}

/** A model still running when the answer was given. */
export interface LateOpinion {
  model: string;
  opinion: Promise<ModelOpinion>;
}

/** What an asker answered, ready to store. */
export interface AskedAnswer<Answer> {
  answer: Answer;
  /** The assistant message's content. */
  text: string;
  /** The assistant message's metadata. */
  metadata: Record<string, unknown>;
  /** Models still running when the answer was given; their opinions are added to the stored turn. */
  late?: LateOpinion[];
}

/** A way of answering a consultation. */
export interface Asker<Answer> {
  /** Asks the model(s). Throws ServiceError when there is nothing worth storing (or on cancel). */
  ask(
    question: string,
    history: readonly HistoryMessage[],
    options: RunOptions,
  ): Promise<AskedAnswer<Answer>>;
  /**
   * The models `ask` would call and what they may cost, fitted to the cost policy as `ask` fits them,
   * without calling any. Throws as `ask` would before its first call (budget_exceeded...).
   */
  estimate(question: string, history: readonly HistoryMessage[]): ConsultationEstimate;
}

/** What a consultation would ask and cost (see cost-budget.ts). */
export type ConsultationEstimate = Pick<
  ReturnType<typeof fitPlanToBudget>,
  "plan" | "report" | "worstCaseUsd"
>;
