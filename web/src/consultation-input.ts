// The page's question as the consultation's input (POST /api/consultations, the `agent.second_opinion`
// input): only what was chosen, each file as {name, mediaType, data}.

import type { ReasoningLevel, Stance } from "./api.ts";
import type { ChosenFile } from "./attachments.ts";

/** Everything the question box asks for. */
export interface AskRequest {
  question: string;
  /** Secondary models chosen; empty for the default ones. */
  models: string[];
  maxCostUsd?: number;
  /** A named panel; empty for the default models. */
  panel: string;
  review: boolean;
  rounds: number;
  /** Ask two cheap models of different vendors first, the rest only if they disagree. */
  adaptive?: boolean;
  stances: Record<string, Stance>;
  webSearch: boolean;
  /** "" leaves it to the panel, the model or the vendor. */
  reasoning: ReasoningLevel | "";
  /**
   * The answer-by time in seconds (sent as answerWithinSeconds), the models still answering then
   * landing later; 0 for the server's answer-by time.
   */
  answerBySeconds: number;
  attachments: ChosenFile[];
}

/** The input of a consultation for `request`, in `conversationId` when it follows up. */
export function consultationInput(
  request: AskRequest,
  conversationId: string | undefined,
): Record<string, unknown> {
  return {
    question: request.question,
    ...(request.models.length > 0 ? { secondaryModels: request.models } : {}),
    ...(request.maxCostUsd ? { maxCostUsd: request.maxCostUsd } : {}),
    ...(request.panel ? { panel: request.panel } : {}),
    ...(request.review ? { review: true } : {}),
    ...(request.rounds > 1 ? { rounds: request.rounds } : {}),
    ...(request.adaptive ? { strategy: "adaptive" } : {}),
    ...(Object.keys(request.stances).length > 0 ? { stances: request.stances } : {}),
    ...(request.webSearch ? { webSearch: true } : {}),
    ...(request.reasoning ? { reasoning: request.reasoning } : {}),
    ...(request.answerBySeconds > 0 ? { answerWithinSeconds: request.answerBySeconds } : {}),
    ...(request.attachments.length > 0
      ? { attachments: request.attachments.map(({ name, mediaType, data }) => ({ name, mediaType, data })) }
      : {}),
    ...(conversationId ? { conversationId } : {}),
  };
}
