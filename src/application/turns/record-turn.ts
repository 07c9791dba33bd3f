// The last stage of every turn: the question and its answer are written as one atomic turn, creating
// or renaming the conversation and storing the idempotency key in the same transaction. A failed
// write never loses the answer: the outcome carries it, and persistenceStatus says why it was not saved.

import type { Attachment } from "../../consultation/index.ts";
import { cleanTitle } from "../../contract/conversation-title.ts";
import type { PersistenceStatus } from "../../contract/messages.ts";
import type { OwnerConversations } from "../../store/conversations.ts";
import type { IdempotencyEntry } from "../../store/idempotency.ts";
import { type Conversation, IdempotencyConflictError, type Message } from "../../store/store.ts";

/** The key data a write stores with its turn. */
export type IdempotencyStamp = Pick<IdempotencyEntry, "key" | "tool" | "fingerprint">;

/** A turn as stored: what a replay rebuilds its result from. */
export interface StoredTurn {
  conversation: Conversation;
  user: Message;
  assistant: Message;
  conversationCreated: boolean;
}

/** Longest automatic title kept, in characters. */
export const titleLength = 80;

/** A short one-line title from the first question, without control characters. */
export function titleFromQuestion(question: string): string {
  const line = cleanTitle(question).replace(/\s+/g, " ");
  if (line.length <= titleLength) return line;
  const cut = line.slice(0, titleLength - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > titleLength / 2 ? cut.slice(0, space) : cut}…`;
}

/** What a turn produced, stored or not; both tools build their results from it. */
export interface TurnOutcome<Answer> {
  conversationId: string;
  conversationCreated: boolean;
  conversationTitle: string | null;
  answer: Answer;
  /** The stored messages; absent when the write failed. */
  saved?: { user: Message; assistant: Message };
  persistenceStatus: PersistenceStatus;
}

/** One turn to write. */
export interface TurnRecord<Answer> {
  owner: string;
  /** The conversation being continued; undefined to create `conversationId`. */
  conversation: Conversation | undefined;
  conversationId: string;
  question: string;
  /** Files asked about; stored in the user message's metadata.attachments. */
  attachments?: readonly Attachment[];
  /** An explicit title: names a new conversation, or renames an existing one. */
  title?: string | undefined;
  answer: Answer;
  answerText: string;
  answerMetadata: Record<string, unknown>;
  stamp?: IdempotencyStamp | undefined;
  /** When the question was asked (before any model answered) and when the answer was complete. */
  askedAt: string;
  answeredAt: string;
}

/**
 * Writes the turn to `conversations` (the turn owner's). Rethrows IdempotencyConflictError for the
 * idempotency gate; other failures are reported.
 */
export async function recordTurn<Answer>(
  turn: TurnRecord<Answer>,
  conversations: OwnerConversations,
  newId: () => string,
): Promise<TurnOutcome<Answer>> {
  const created = turn.conversation === undefined;
  const title = turn.title ?? turn.conversation?.title ?? titleFromQuestion(turn.question);
  try {
    const saved = await conversations.saveTurn({
      conversationId: turn.conversationId,
      ...(created ? { create: { title, createdAt: turn.askedAt } } : {}),
      ...(!created && turn.title !== undefined ? { title: turn.title } : {}),
      messages: [
        {
          id: newId(),
          role: "user",
          content: turn.question,
          createdAt: turn.askedAt,
          metadata:
            turn.attachments && turn.attachments.length > 0
              ? { attachments: storedAttachments(turn.attachments) }
              : {},
        },
        {
          id: newId(),
          role: "assistant",
          content: turn.answerText,
          createdAt: turn.answeredAt,
          metadata: turn.answerMetadata,
        },
      ],
      ...(turn.stamp
        ? { idempotency: { ...turn.stamp, conversationCreated: created, createdAt: turn.askedAt } }
        : {}),
    });
    const [user, assistant] = saved.messages;
    if (!user || !assistant) throw new Error("the store returned fewer messages than it was given");
    return outcomeOf(
      { conversation: saved.conversation, user, assistant, conversationCreated: created },
      turn.answer,
    );
  } catch (error) {
    if (error instanceof IdempotencyConflictError) throw error;
    return {
      conversationId: turn.conversationId,
      conversationCreated: false,
      conversationTitle: title,
      answer: turn.answer,
      persistenceStatus: {
        userMessageSaved: false,
        assistantMessageSaved: false,
        userMessageId: null,
        assistantMessageId: null,
        error: `The answer was not saved: ${(error as Error).message.replace(/\.$/, "")}. Ask again to store it.`,
      },
    };
  }
}

/** The outcome of a stored turn: a fresh write and an idempotent replay come out identical. */
export function outcomeOf<Answer>(turn: StoredTurn, answer: Answer): TurnOutcome<Answer> {
  return {
    conversationId: turn.conversation.id,
    conversationCreated: turn.conversationCreated,
    conversationTitle: turn.conversation.title,
    answer,
    saved: { user: turn.user, assistant: turn.assistant },
    persistenceStatus: {
      userMessageSaved: true,
      assistantMessageSaved: true,
      userMessageId: turn.user.id,
      assistantMessageId: turn.assistant.id,
      error: null,
    },
  };
}

/** What is stored of each attachment with the user message: everything but nothing more. */
function storedAttachments(attachments: readonly Attachment[]): (Attachment & { bytes: number })[] {
  return attachments.map(({ name, mediaType, data }) => ({
    name,
    mediaType,
    data,
    bytes: Buffer.from(data, "base64").length,
  }));
}
