// The conversations port: conversations, their messages, their search. A caller first takes the
// handle of one owner (`conversations.of(owner)`); every method of the handle reads and writes only
// that owner's rows, so a missing ownership check cannot be written: another owner's conversation
// looks exactly like a missing one. Backends: sql/conversations.ts, with each one's own search.

import type { IdempotencyEntry } from "./idempotency.ts";

/** Roles a stored message can have. */
export type MessageRole = "user" | "assistant" | "system";

/** The owner id of the one local user (stdio, and HTTP without accounts). */
export const localOwner = "local";

/** A conversation as stored. Times are ISO-8601 strings in UTC. */
export interface Conversation {
  id: string;
  /** The owner: a verified user id, or {@link localOwner}. */
  userId: string;
  title: string | null;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
  /** Content of the newest message, cut to a short preview; null when the conversation is empty. */
  lastMessagePreview: string | null;
}

/** A message as stored. `sequence` starts at 1 and has no gaps within a conversation. */
export interface Message {
  id: string;
  conversationId: string;
  role: MessageRole;
  content: string;
  /** The conversation's owner. */
  userId: string;
  sequence: number;
  createdAt: string;
  metadata: Record<string, unknown>;
}

/** A message to append; the store assigns `sequence`, `conversationId` and `userId`. */
export type NewMessage = Omit<Message, "sequence" | "conversationId" | "userId">;

/** One question and its answer, written atomically. */
export interface TurnInput {
  conversationId: string;
  /** Present when the conversation does not exist yet: it is created in the same transaction. */
  create?: { title: string; createdAt: string };
  /** Present when the caller renames the conversation: set in the same transaction. */
  title?: string;
  /** Messages in the order they get sequence numbers (normally user then assistant). */
  messages: NewMessage[];
  /** Present when the caller sent an idempotency key; stored in the same transaction. */
  idempotency?: Pick<IdempotencyEntry, "key" | "tool" | "fingerprint" | "conversationCreated" | "createdAt">;
}

/** The stored result of {@link OwnerConversations.saveTurn}. */
export interface SavedTurn {
  conversation: Conversation;
  messages: Message[];
}

/** A page of messages, oldest first. */
export interface MessagePage {
  messages: Message[];
  hasMore: boolean;
}

/** A page of conversations, most recently updated first. */
export interface ConversationPage {
  conversations: Conversation[];
  hasMore: boolean;
}

/** A conversation found by a search: its best-matching message, the words found marked `**like this**`. */
export interface SearchHit {
  conversationId: string;
  title: string | null;
  updatedAt: string;
  messageId: string;
  role: MessageRole;
  snippet: string;
  /** Higher is better. */
  score: number;
}

/** Keyset position in the conversation list: the last row of the previous page. */
export interface ConversationListPosition {
  updatedAt: string;
  id: string;
}

/** Raised when a turn targets a conversation the owner does not have (and no `create` was given). */
export class ConversationNotFoundError extends Error {
  readonly conversationId: string;

  constructor(conversationId: string) {
    super(`Conversation ${conversationId} does not exist.`);
    this.name = "ConversationNotFoundError";
    this.conversationId = conversationId;
  }
}

/** The conversations of every owner; take one owner's with {@link ConversationStore.of}. */
export interface ConversationStore {
  /** The handle on `owner`'s conversations (a verified user id, or {@link localOwner}). */
  of(owner: string): OwnerConversations;
}

/**
 * One owner's conversations. Every method sees the writes of every call that resolved before it
 * (read-your-writes), and is safe under concurrent calls from one process.
 */
export interface OwnerConversations {
  /** The owner whose conversations these are. */
  readonly owner: string;
  /** The conversation, or undefined (also when it belongs to someone else). */
  get(id: string): Promise<Conversation | undefined>;
  /**
   * Appends the messages (creating the conversation when `create` is given) in one transaction.
   * Sequence numbers are assigned inside it, contiguous after the last one. Throws
   * ConversationNotFoundError (also for another owner's conversation), or IdempotencyConflictError
   * when the owner already stored the key.
   */
  saveTurn(turn: TurnInput): Promise<SavedTurn>;
  /** Messages with sequence > `afterSequence` (0 when absent), oldest first, at most `limit`. */
  readMessages(conversationId: string, page: { afterSequence?: number; limit: number }): Promise<MessagePage>;
  /** The newest `limit` messages, returned oldest first (for model context). */
  readRecentMessages(conversationId: string, limit: number): Promise<Message[]>;
  /**
   * Replaces the metadata of the message (an opinion that landed after its turn was answered);
   * false when the owner has no such message.
   */
  updateMessageMetadata(messageId: string, metadata: Record<string, unknown>): Promise<boolean>;
  /** Messages by id, in the order asked; missing or foreign ids are skipped. */
  getMessages(ids: readonly string[]): Promise<Message[]>;
  /** The conversations, most recently updated first (ties broken by id, descending). */
  list(page: { after?: ConversationListPosition; limit: number }): Promise<ConversationPage>;
  /** Gives the conversation a new title; undefined when the owner has no such conversation. */
  rename(id: string, title: string): Promise<Conversation | undefined>;
  /**
   * The conversations whose messages (or any model's opinion in them) contain every word (the last
   * also as a prefix), best first, one hit per conversation, at most `limit`.
   */
  search(words: readonly string[], limit: number): Promise<SearchHit[]>;
  /** Deletes the conversation, its messages and idempotency entries; false when there was none. */
  delete(id: string): Promise<boolean>;
}
