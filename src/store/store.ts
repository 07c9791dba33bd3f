// The storage port: what the rest of the program may ask of a conversation store.
// Backends (sqlite/, later postgres/) implement it and must pass test/store/store-contract.ts.
// No SQL or backend type leaks past this file.

/** Roles a stored message can have. */
export type MessageRole = "user" | "assistant" | "system";

/** A conversation as stored. Times are ISO-8601 strings in UTC. */
export interface ConversationRecord {
  id: string;
  /** The owner; null for conversations made by an anonymous local user. */
  userId: string | null;
  title: string | null;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
  /** Content of the newest message, cut to a short preview; null when the conversation is empty. */
  lastMessagePreview: string | null;
}

/** A message as stored. `sequence` starts at 1 and has no gaps within a conversation. */
export interface MessageRecord {
  id: string;
  conversationId: string;
  role: MessageRole;
  content: string;
  userId: string | null;
  sequence: number;
  createdAt: string;
  metadata: Record<string, unknown>;
}

/** A message to append; the store assigns `sequence` and `conversationId`. */
export interface NewMessage {
  id: string;
  role: MessageRole;
  content: string;
  userId: string | null;
  createdAt: string;
  metadata: Record<string, unknown>;
}

/** What an idempotency key remembers about the turn it first produced. */
export interface IdempotencyRecord {
  userId: string;
  key: string;
  /** Which tool wrote the turn, e.g. "agent.second_opinion". */
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
  create?: { userId: string | null; title: string; createdAt: string };
  /** Present when the caller renames the conversation: set in the same transaction. */
  title?: string;
  /** Messages in the order they get sequence numbers (normally user then assistant). */
  messages: NewMessage[];
  /** Present when the caller sent an idempotency key; stored in the same transaction. */
  idempotency?: Omit<IdempotencyRecord, "conversationId" | "userMessageId" | "assistantMessageId">;
}

/** The stored result of {@link Store.saveTurn}. */
export interface SavedTurn {
  conversation: ConversationRecord;
  messages: MessageRecord[];
}

/** A page of messages, oldest first. */
export interface MessagePage {
  messages: MessageRecord[];
  hasMore: boolean;
}

/** A page of conversations, most recently updated first. */
export interface ConversationPage {
  conversations: ConversationRecord[];
  hasMore: boolean;
}

/** Keyset position in the conversation list: the last row of the previous page. */
export interface ConversationListPosition {
  updatedAt: string;
  id: string;
}

/** Raised when a turn targets a conversation that does not exist (and no `create` was given). */
export class ConversationNotFoundError extends Error {
  readonly conversationId: string;
  constructor(conversationId: string) {
    super(`Conversation ${conversationId} does not exist.`);
    this.name = "ConversationNotFoundError";
    this.conversationId = conversationId;
  }
}

/** Raised when an idempotency key is already stored for this user (a concurrent duplicate). */
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
export interface Store {
  /** Resolves when the store answers a trivial query; rejects with the cause otherwise. */
  ping(): Promise<void>;

  getConversation(id: string): Promise<ConversationRecord | undefined>;

  /**
   * Appends the messages (creating the conversation when `create` is given) in one transaction.
   * Sequence numbers are assigned inside it, contiguous after the conversation's last one.
   * Throws ConversationNotFoundError, or IdempotencyConflictError when the key already exists.
   */
  saveTurn(turn: TurnInput): Promise<SavedTurn>;

  /** Messages with sequence > `afterSequence` (0 when absent), oldest first, at most `limit`. */
  readMessages(conversationId: string, page: { afterSequence?: number; limit: number }): Promise<MessagePage>;

  /** The newest `limit` messages, returned oldest first (for model context). */
  readRecentMessages(conversationId: string, limit: number): Promise<MessageRecord[]>;

  /** Messages by id, in the order asked; missing ids are skipped. */
  getMessages(ids: string[]): Promise<MessageRecord[]>;

  findIdempotencyRecord(userId: string, key: string): Promise<IdempotencyRecord | undefined>;

  /** The user's conversations, most recently updated first (ties broken by id, descending). */
  listConversations(
    userId: string | null,
    page: { after?: ConversationListPosition; limit: number },
  ): Promise<ConversationPage>;

  /** Deletes a conversation, its messages and its idempotency records; false when it did not exist. */
  deleteConversation(id: string): Promise<boolean>;

  close(): Promise<void>;
}
