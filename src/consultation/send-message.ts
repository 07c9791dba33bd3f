// `conversation.send-message`: one turn with a single model. The exchange is stored atomically and
// returned whole, so a client never needs a second read to show what was said.

import { type IdempotencyStamp, loadStoredTurn } from "../conversations/idempotency.ts";
import type { IdempotencyRecord, MessageRecord, Store } from "../store/store.ts";
import { callModel, callPolicy } from "./call-model.ts";
import type { ConsultationServices, RunOptions } from "./consult.ts";
import { ConsultationError } from "./consultation-error.ts";
import { buildContext } from "./conversation-context.ts";
import { loadConversationForWrite } from "./load-conversation.ts";
import { planConsultation } from "./model-selection.ts";
import { saveExchange } from "./save-exchange.ts";

/** Instructions for a single-model turn. */
export const messageInstructions =
  "You are a helpful expert assistant. Answer the user's latest message directly, using the conversation so far as context.";

/** The arguments of one message. */
export interface SendMessageRequest {
  content: string;
  conversationId?: string;
  model?: string;
  title?: string;
  idempotencyKey?: string;
  userId: string | null;
}

/** The result of `conversation.send-message`. */
export interface SendMessageResult {
  conversationId: string;
  conversationCreated: boolean;
  conversationTitle: string | null;
  userMessage: MessageRecord;
  assistantMessage: MessageRecord;
}

/** Sends one message, or replays the stored result of an earlier call with the same idempotency key. */
export async function sendMessage(
  request: SendMessageRequest,
  services: ConsultationServices,
  options: RunOptions,
): Promise<SendMessageResult> {
  const { userId, idempotencyKey, ...callArguments } = request;
  return services.idempotency.run(
    { userId, key: idempotencyKey, tool: "conversation.send-message", arguments: callArguments },
    (stamp) => send(request, services, options, stamp),
    (stored) => replayMessage(stored, services.store),
  );
}

async function send(
  request: SendMessageRequest,
  services: ConsultationServices,
  options: RunOptions,
  stamp: IdempotencyStamp | undefined,
): Promise<SendMessageResult> {
  const { primary: entry } = planConsultation(
    { ...(request.model ? { primaryModel: request.model } : {}), maxOpinions: 0 },
    services.roster,
    services.defaults,
  );
  const conversation = await loadConversationForWrite(request.conversationId, request.userId, services.store);
  const history = conversation ? await services.store.readRecentMessages(conversation.id, 200) : [];
  const askedAt = services.clock().toISOString();
  const context = buildContext(history, request.content, messageInstructions, entry.contextWindow);
  options.onEvent?.({ type: "consultation-started", models: [entry.name], synthesis: false });
  options.onEvent?.({ type: "model-started", model: entry.name, role: "primary" });
  const opinion = await callModel(
    {
      entry,
      model: services.createModel(entry),
      instructions: messageInstructions,
      messages: context.messages,
    },
    callPolicy(services, options.signal),
  );
  const failed = opinion.error === true;
  options.onEvent?.({
    type: "model-finished",
    model: entry.name,
    role: "primary",
    error: failed,
    latencyMs: opinion.latencyMs,
  });
  if (failed)
    throw new ConsultationError(
      "model_failed",
      `${opinion.response} Nothing was stored; send the message again.`,
    );

  const { response, ...answerMetadata } = opinion;
  const saved = await saveExchange(
    {
      conversation,
      conversationId: conversation?.id ?? services.newId(),
      userId: request.userId,
      question: request.content,
      answer: response,
      answerMetadata: { ...answerMetadata, ...(history.length > 0 ? { contextTrim: context.trim } : {}) },
      ...(request.title !== undefined ? { title: request.title } : {}),
      ...(stamp ? { stamp } : {}),
      askedAt,
      answeredAt: services.clock().toISOString(),
    },
    services.store,
    services.newId,
  );
  return {
    conversationId: saved.conversation.id,
    conversationCreated: saved.created,
    conversationTitle: saved.conversation.title,
    userMessage: saved.user,
    assistantMessage: saved.assistant,
  };
}

async function replayMessage(record: IdempotencyRecord, store: Store): Promise<SendMessageResult> {
  const { conversation, user, assistant } = await loadStoredTurn(record, store);
  return {
    conversationId: conversation.id,
    conversationCreated: record.conversationCreated,
    conversationTitle: conversation.title,
    userMessage: user,
    assistantMessage: assistant,
  };
}
