// The shapes a consultation produces: one opinion per model, the synthesis and the totals.
// They follow the `modelOpinion`, `synthesis` and `summary` definitions of the seed schema.

import type { ReasoningLevel } from "../configuration/model-entry.ts";
import type { BudgetReport } from "./planning/cost-budget.ts";

/** A citation normalised from a provider's sources. */
export interface Citation {
  title: string;
  url: string;
  snippet?: string;
}

/** One model's answer (or its failure, with `error: true` and the cause in `response`). */
export interface ModelOpinion {
  model: string;
  modelId: string;
  modelDisplayName: string;
  response: string;
  /** Left out when the provider reported no usage. */
  tokensUsed?: number;
  inputTokens?: number;
  outputTokens?: number;
  /** Part of inputTokens read from the provider's cache. */
  cachedInputTokens?: number;
  /** Part of outputTokens the model spent thinking (priced; the thinking text is never returned). */
  reasoningTokens?: number;
  /** The reasoning level the call asked for, when one was set. */
  reasoning?: ReasoningLevel;
  /** Web searches the vendor ran for this answer (their fees are in `cost`). */
  webSearches?: number;
  /** When the caller asked for web search: whether this model searched, and if it could not, why. */
  webSearch?: { searched: boolean; note?: string };
  /** Still running when the answer was due: a placeholder, replaced in the stored turn when it lands. */
  pending?: true;
  /** Landed after the answer was given, and was added to the stored turn then. */
  late?: true;
  /** Attachments this model did not see, each with the reason; it answered without them. */
  unseenAttachments?: { name: string; reason: string }[];
  latencyMs: number;
  /** USD; left out when usage or price is unknown, never reported as 0 for a missing usage. */
  cost?: number;
  citations: Citation[];
  error?: boolean;
  /** For failures: the HTTP status the provider answered, if any. */
  errorStatus?: number;
  /** For failures the product recognises: `model_not_found` when the key cannot use the model. */
  errorCode?: "model_not_found";
  /** For failures: whether retrying later may succeed. */
  retryable?: boolean;
  /** How many attempts the call took (1 when it worked at once). */
  attempts?: number;
  /**
   * When the call was hedged: after how long the backup request went out, to which model, which
   * request answered, and which was aborted. Tokens and cost above include both requests.
   */
  hedge?: {
    afterMs: number;
    backup: string;
    won: "original" | "backup";
    abortedRequest?: "original" | "backup";
  };
}

/** The synthesis of all successful opinions. */
export interface Synthesis extends Omit<ModelOpinion, "citations"> {
  /** Citations of the opinions, deduplicated by URL. */
  sources: Citation[];
  /** The models whose opinions were synthesised. */
  basedOn: string[];
  /** Models that were tried for the synthesis before this one and failed, with the cause. */
  fallbackFrom?: { model: string; error: string }[];
  /** The structured verdict written with the synthesis. */
  assessment?: Assessment;
  /** Why there is no assessment, when the synthesis was written without one. */
  assessmentError?: string;
  /** When no synthesis could be written: the model whose answer is stored instead. */
  fallbackAnswerFrom?: string;
}

/** A go / no-go vote. */
export type Vote = "go" | "block" | "unsure";

/** The machine-readable part of a synthesis: how far the models agree, and on what. */
export interface Assessment {
  /** 0 (no agreement) to 1 (full agreement), with a one-line reason. */
  agreement: { score: number; reason: string };
  /** Points every model shares. */
  consensus: string[];
  /** Points not all models share, each with the models holding it. */
  dissent: { point: string; models: string[] }[];
  /** For yes/no, go/no-go and review questions: the decision and each model's vote. */
  verdict?: { decision: Vote; reason: string; votes: { model: string; vote: Vote }[] };
}

/** The side a model is told to argue. */
export type Stance = "for" | "against" | "neutral";

/** One round of a debate: every model's answer in it. Round 1 holds the first opinions. */
export interface DebateRound {
  round: number;
  opinions: ModelOpinion[];
  /** From round 2: whether each model changed its position, and why. */
  changes?: { model: string; changedPosition: boolean; why: string }[];
}

/** One reviewer's ranking of the other answers, best first, with names restored; or its failure. */
export interface PeerReview {
  reviewer: string;
  ranking: { model: string; reason: string }[];
  /** The review call's usage and latency. */
  call: Omit<ModelOpinion, "citations" | "response">;
  error?: string;
}

/** The council review: every reviewer's ranking, and their aggregate (Borda count). */
export interface CouncilReview {
  /** Best first: Borda points (a response ranked p-th of k earns k - p), mean rank (1 = best), reviews counted. */
  ranking: { model: string; points: number; meanRank: number; reviews: number }[];
  reviews: PeerReview[];
}

/** Totals over every call of a consultation, the synthesis included. */
export interface ConsultationSummary {
  /** Models that gave an opinion (primary plus secondaries), failed ones included. */
  totalModels: number;
  /** Sum of the reported tokens; left out when no call reported usage. */
  totalTokens?: number;
  /** Sum of the known costs in USD; left out when no cost is known. */
  totalCost?: number;
  /** Wall time of the whole consultation. */
  totalLatencyMs: number;
  successfulModels: number;
  failedModels: number;
  /** Models whose provider did not report usage: totals leave them out. */
  unreportedUsage?: string[];
  /** Models still running when the answer was due; the totals do not count them yet. */
  pendingModels?: string[];
  /** Says plainly that the synthesis did not hear from every model, when it did not. */
  note?: string;
}

/** The opinions of one consultation, as stored in the assistant message's `metadata.secondOpinion`. */
export interface SecondOpinion {
  primary: ModelOpinion;
  secondaryOpinions: ModelOpinion[];
  /** Absent when no synthesis was asked for (the schema does not allow null here). */
  synthesis?: Synthesis;
  summary: ConsultationSummary;
  /** What the cost estimate decided, when there was a cap, a model left out or a model of unknown cost. */
  budget?: BudgetReport;
  /** The sides the models were told to argue, when asked. */
  stances?: Record<string, Stance>;
  /** Every round, when there was more than one; the opinions above are the last round's. */
  rounds?: DebateRound[];
  /** The council review, when asked. */
  review?: CouncilReview;
  /** Models still running when the answer was due; each opinion is added to the stored turn as it lands. */
  pendingModels?: string[];
}

/** Progress of a consultation, as it happens. `failure` says why a model failed, for logs. */
export type ConsultationEvent =
  | { type: "consultation-started"; models: string[]; synthesis: boolean }
  | { type: "model-started"; model: string; role: "primary" | "secondary" }
  | {
      type: "model-retrying";
      model: string;
      attempt: number;
      delayMs: number;
      reason: string;
    }
  | {
      type: "model-finished";
      model: string;
      role: "primary" | "secondary";
      error: boolean;
      latencyMs: number;
      tokensUsed?: number;
      cost?: number;
      failure?: string;
    }
  | {
      type: "model-text";
      model: string;
      stage: "opinion" | "revision" | "synthesis";
      /** Text added since the last event for this model and stage. */
      delta: string;
    }
  | { type: "round-started"; round: number; models: string[] }
  | { type: "review-started"; reviewers: string[] }
  | { type: "review-finished"; reviewer: string; error: boolean; failure?: string }
  | { type: "synthesis-started"; model: string }
  | { type: "synthesis-finished"; model: string; error: boolean; failure?: string };
