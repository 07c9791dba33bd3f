// Results of the two use cases that ask models: `agent.second_opinion` (the seed schema's shape, with
// the council's additions) and `conversation.send-message`. A fresh answer and a replayed one (same
// idempotency key) come out identical.

import { z } from "zod";
import { persistenceStatus, storedMessage } from "./messages.ts";
import {
  assessment,
  consultationSummary,
  councilShape,
  debateRound,
  modelOpinion,
  secondOpinion,
  synthesis,
} from "./opinions.ts";

/** Where a turn went: its conversation, whether it is new, and its title. */
const turnShape = {
  conversationId: z.string().min(1),
  conversationCreated: z.boolean(),
  conversationTitle: z.string().nullable(),
};

/** The result of `agent.second_opinion`. */
export const secondOpinionResult = z
  .object({
    ...turnShape,
    primary: modelOpinion,
    secondaryOpinions: z.array(modelOpinion),
    /** Null when no synthesis was asked for (maxOpinions 0). */
    synthesis: synthesis.nullable(),
    userMessageId: z.string().nullable(),
    assistantMessageId: z.string().nullable(),
    persistenceStatus,
    /** The stored answer, when it was stored. */
    assistantMessage: storedMessage.optional(),
    /** The stored turn, when there is a synthesis (the seed's `metadata.secondOpinion`). */
    metadata: z.object({ secondOpinion: secondOpinion.extend({ synthesis }) }).optional(),
    summary: consultationSummary,
    ...councilShape,
  })
  .meta({
    title: "Agent Second Opinion Response",
    description: "The result of agent.second_opinion: every model's opinion, the synthesis and the totals.",
  });
export type SecondOpinionResult = z.infer<typeof secondOpinionResult>;

/**
 * What `agent.second_opinion` answers: with `detail: "full"` the result above; by default its compact
 * form (result-detail.ts), which lists the summary, the assessment and the synthesis first and each
 * opinion once: the assessment lifted out of the synthesis, no stored message or metadata (they repeat
 * every opinion), and a debate round's opinions left out when they are the final ones.
 */
export const secondOpinionOutput = secondOpinionResult
  .extend({
    /** The synthesis's assessment, lifted out of it (compact form). */
    assessment: assessment.optional(),
    rounds: z.array(debateRound.partial({ opinions: true })).optional(),
  })
  .meta({
    title: "Agent Second Opinion Response",
    description:
      "The result of agent.second_opinion: the summary, the assessment and the synthesis, then every model's opinion once.",
  });
export type SecondOpinionOutput = z.infer<typeof secondOpinionOutput>;

/** The result of `conversation.send-message`. */
export const sendMessageResult = z.object({
  ...turnShape,
  /** The model's answer with its usage, whether or not it was stored. */
  reply: modelOpinion,
  userMessage: storedMessage.nullable(),
  assistantMessage: storedMessage.nullable(),
  persistenceStatus,
});
export type SendMessageResult = z.infer<typeof sendMessageResult>;
