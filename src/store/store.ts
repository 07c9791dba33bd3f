// The storage port: what the rest of the program may ask of a conversation store.
// Backends (sqlite/, later postgres/) implement it and must pass test/store/store-contract.ts.
// Every call that touches a conversation takes its owner, so a missing ownership check cannot be
// written: another owner's conversation looks exactly like a missing one. No SQL leaks past this file.

import { ServiceError } from "../contract/service-error.ts";
import type { AccountStore } from "./accounts.ts";
import type { Broadcast } from "./broadcast.ts";
import type { SpendReservationStore } from "./spend-reservations.ts";
import type { StreamEventStore } from "./stream-events.ts";
import type { TaskStore } from "./tasks.ts";
import type { WebSessionStore } from "./web-sessions.ts";

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
export interface NewMessage {
  id: string;
  role: MessageRole;
  content: string;
  createdAt: string;
  metadata: Record<string, unknown>;
}

/** What an idempotency key remembers about the turn it first produced. */
export interface IdempotencyEntry {
  userId: string;
  key: string;
  /** Which use case wrote the turn, e.g. "second-opinion". */
  tool: string;
  /** Hash of the call's arguments: the same key with other arguments is refused by the caller. */
  fingerprint: string;
  conversationId: string;
  conversationCreated: boolean;
  userMessageId: string;
  assistantMessageId: string;
  createdAt: string;
}

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

/** The stored result of {@link Store.saveTurn}. */
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

/** A database that cannot be opened; the message says which, why, and what to do. */
export class StoreOpenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreOpenError";
  }
}

/**
 * The store cannot take a write now (locked by another program for too long, read-only, or its file
 * was removed or replaced); the message says which and what to do. Reads may still work.
 */
export class StoreUnavailableError extends ServiceError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("store_unavailable", message);
    this.name = "StoreUnavailableError";
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** Whether the store answers and can be written, for health checks. */
export interface StoreHealth {
  reachable: boolean;
  writable: boolean;
  /** Why it cannot be read or written, and what to do. */
  error?: string;
}

/** Raised when an idempotency key is already stored for this owner (a concurrent duplicate). */
export class IdempotencyConflictError extends Error {
  constructor(key: string) {
    super(`Idempotency key ${key} was already used.`);
    this.name = "IdempotencyConflictError";
  }
}

/**
 * A conversation store. Every method sees the writes of every call that resolved before it
 * (read-your-writes). Implementations must be safe under concurrent calls from one process.
 */
export interface Store
  extends AccountStore,
    SpendReservationStore,
    TaskStore,
    StreamEventStore,
    WebSessionStore,
    Broadcast {
  /** Whether the store answers and can be written; never rejects. */
  health(): Promise<StoreHealth>;
  /**
   * A secret random key kept in the database (made on first use), for signing what the server hands
   * out and must recognise later, such as paging cursors. The same for every process on the database.
   */
  signingKey(): Promise<string>;
  /** The recent latencies (ms) of each model's calls, as last saved; empty when none were. */
  modelLatencies(): Promise<Record<string, number[]>>;
  /** Replaces the saved recent latencies of the models in `latencies` (others are kept). */
  saveModelLatencies(latencies: Record<string, number[]>): Promise<void>;
  /** The owner's conversation, or undefined (also when it belongs to someone else). */
  getConversation(owner: string, id: string): Promise<Conversation | undefined>;
  /**
   * Appends the messages (creating the conversation for `owner` when `create` is given) in one
   * transaction. Sequence numbers are assigned inside it, contiguous after the last one. Throws
   * ConversationNotFoundError (also for another owner's conversation), or IdempotencyConflictError
   * when the owner already stored the key.
   */
  saveTurn(owner: string, turn: TurnInput): Promise<SavedTurn>;
  /** Messages with sequence > `afterSequence` (0 when absent), oldest first, at most `limit`. */
  readMessages(
    owner: string,
    conversationId: string,
    page: { afterSequence?: number; limit: number },
  ): Promise<MessagePage>;
  /** The newest `limit` messages, returned oldest first (for model context). */
  readRecentMessages(owner: string, conversationId: string, limit: number): Promise<Message[]>;
  /**
   * Replaces the metadata of the owner's message (an opinion that landed after its turn was answered);
   * false when the owner has no such message.
   */
  updateMessageMetadata(
    owner: string,
    messageId: string,
    metadata: Record<string, unknown>,
  ): Promise<boolean>;
  /** The owner's messages by id, in the order asked; missing or foreign ids are skipped. */
  getMessages(owner: string, ids: string[]): Promise<Message[]>;
  /**
   * Claims the owner's idempotency key for `holder` while its call runs, so a duplicate on another
   * node waits instead of running too. True when the claim is `holder`'s: it was free, already
   * `holder`'s, or last renewed before `staleBefore` (its holder died). Renewing is claiming again.
   */
  claimIdempotencyKey(
    owner: string,
    key: string,
    holder: string,
    now: string,
    staleBefore: string,
  ): Promise<boolean>;
  /** Gives up `holder`'s claim on the key (after the call stored its turn, or failed). */
  releaseIdempotencyKey(owner: string, key: string, holder: string): Promise<void>;
  findIdempotencyEntry(owner: string, key: string): Promise<IdempotencyEntry | undefined>;
  /** The owner's conversations, most recently updated first (ties broken by id, descending). */
  listConversations(
    owner: string,
    page: { after?: ConversationListPosition; limit: number },
  ): Promise<ConversationPage>;
  /**
   * The owner's conversations whose messages (or any model's opinion in them) contain every word
   * (the last also as a prefix), best first, one hit per conversation, at most `limit`.
   */
  /** Gives the owner's conversation a new title; undefined when the owner has no such conversation. */
  renameConversation(owner: string, id: string, title: string): Promise<Conversation | undefined>;
  searchConversations(owner: string, words: readonly string[], limit: number): Promise<SearchHit[]>;
  /** Deletes the owner's conversation, its messages and idempotency entries; false when there was none. */
  deleteConversation(owner: string, id: string): Promise<boolean>;
  close(): Promise<void>;
}
