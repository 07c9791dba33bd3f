// The replay use case (`conversation.replay`, `ai-universe replay`, the page's "ask again"): a stored
// question of the caller's conversation asked again through the second-opinion use case, as a new turn
// of the same conversation marked `replayOf`, with the diff between the old turn's assessment and the
// new one's. The question's stored files and council options go with it; what is not stored is named.
// The models read the conversation as it was before the question, so the old answer does not lead them.

import type { SecondOpinionResult } from "../../contract/consultation-results.ts";
import { limits } from "../../contract/limits.ts";
import type { SecondOpinion } from "../../contract/opinions.ts";
import { type ReplayAnswer, type ReplayOf, replayInput } from "../../contract/replay.ts";
import { ServiceError } from "../../contract/service-error.ts";
import { validateInput } from "../../contract/validate-input.ts";
import type { Store } from "../../store/store.ts";
import type { ConsultationOptions } from "../answer-by.ts";
import type { Caller } from "../caller.ts";
import { findConversation } from "../conversations/find-conversation.ts";
import { diffAssessments } from "./replay-diff.ts";
import { replayRequest, type StoredQuestion } from "./replay-request.ts";

/**
 * The second-opinion use case with the marks its stored answer carries, and the message before which
 * the models read the conversation.
 */
export type MarkedSecondOpinion = (
  caller: Caller,
  input: unknown,
  options: ConsultationOptions,
  marks: Record<string, unknown>,
  contextBefore: string,
) => Promise<SecondOpinionResult>;

/** The replay use case (Application.replay). */
export function replayUseCase(store: Pick<Store, "conversations">, secondOpinion: MarkedSecondOpinion) {
  return async (caller: Caller, input: unknown, options: ConsultationOptions): Promise<ReplayAnswer> => {
    const request = validateInput(replayInput, input);
    const conversations = store.conversations.of(caller.userId);
    const conversation = await findConversation(conversations, request.conversationId);
    const messages = await conversations.readRecentMessages(conversation.id, limits.conversationMessages);
    const stored = storedQuestion(messages, conversation.id, request.turn);
    const { input: asked, notReplayed } = replayRequest(stored, request.models);
    const replayOf: ReplayOf = { messageId: stored.answer?.id ?? stored.question.id, turn: stored.turn };
    // The models read what came before the question, not its old answer: the new one is their own.
    const result = await secondOpinion(
      caller,
      { ...asked, conversationId: conversation.id },
      options,
      { replayOf },
      stored.question.id,
    );
    const before = (stored.answer?.metadata.secondOpinion as SecondOpinion | undefined)?.synthesis
      ?.assessment;
    const diff = diffAssessments(before, result.synthesis?.assessment);
    return { ...result, replay: { replayOf, diff, notReplayed } };
  };
}

/** Turn `turn` (default: the last) of the messages: its question and the answer that followed it. */
function storedQuestion(
  messages: StoredQuestion["question"][],
  conversationId: string,
  turn: number | undefined,
): StoredQuestion {
  const questions = messages.flatMap((message, index) => (message.role === "user" ? [index] : []));
  const number = turn ?? questions.length;
  const index = questions[number - 1];
  const question = index === undefined ? undefined : messages[index];
  if (!question) {
    throw new ServiceError(
      "conversation_not_found",
      questions.length === 0
        ? `Conversation ${conversationId} has no question to ask again. Ask one first.`
        : `Conversation ${conversationId} has no turn ${number}: it has ${questions.length} (turn 1 to ${questions.length}). Pass a turn in that range, or none for the last.`,
      { conversationId, turn: number },
    );
  }
  const next = index === undefined ? undefined : messages[index + 1];
  return { turn: number, question, ...(next?.role === "assistant" ? { answer: next } : {}) };
}
