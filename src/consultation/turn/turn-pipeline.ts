// What every turn shares: the strategies (one model, or a panel plus synthesis) differ only in how they
// ask and what their answer is. Each is given the conversation so far as plain turns and returns what it
// made; reading and recording the conversation is the application's (application/turns/).

import type { ModelOpinion } from "../../contract/opinions.ts";
import type { RunOptions } from "../consultation-services.ts";
import type { fitPlanToBudget } from "../planning/cost-budget.ts";

/** One earlier message of the conversation, as a model reads it (oldest first; system ones are skipped). */
export interface HistoryTurn {
  role: "user" | "assistant" | "system";
  content: string;
}

/** A model still running when the answer was given. */
export interface LateOpinion {
  model: string;
  opinion: Promise<ModelOpinion>;
}

/** What a strategy answered, ready to store. */
export interface TurnAnswer<Answer> {
  answer: Answer;
  /** The assistant message's content. */
  text: string;
  /** The assistant message's metadata. */
  metadata: Record<string, unknown>;
  /** Models still running when the answer was given; their opinions are added to the stored turn. */
  late?: LateOpinion[];
}

/** A way of answering a turn. */
export interface TurnStrategy<Answer> {
  /** Asks the model(s). Throws ServiceError when there is nothing worth storing (or on cancel). */
  ask(question: string, history: readonly HistoryTurn[], options: RunOptions): Promise<TurnAnswer<Answer>>;
  /**
   * The models `ask` would call and what they may cost, fitted to the cost policy as `ask` fits them,
   * without calling any. Throws as `ask` would before its first call (budget_exceeded...).
   */
  estimate(question: string, history: readonly HistoryTurn[]): TurnEstimate;
}

/** What a turn would ask and cost (see cost-budget.ts). */
export type TurnEstimate = Pick<ReturnType<typeof fitPlanToBudget>, "plan" | "report" | "worstCaseUsd">;
