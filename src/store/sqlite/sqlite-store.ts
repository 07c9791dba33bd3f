// The SQLite backend of the store port, on Node's built-in node:sqlite.
// One connection per store; node:sqlite is synchronous, so calls from one process never interleave,
// and BEGIN IMMEDIATE plus a busy timeout serialises writers from other processes on the same file.

import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  type ConversationListPosition,
  ConversationNotFoundError,
  type ConversationPage,
  type ConversationRecord,
  IdempotencyConflictError,
  type IdempotencyRecord,
  type MessagePage,
  type MessageRecord,
  type SavedTurn,
  type Store,
  type TurnInput,
} from "../store.ts";
import { applyMigrations } from "./migrations.ts";
import { previewOf, toConversation, toIdempotencyRecord, toMessage, toMessageParameters } from "./rows.ts";
import { prepareStatements, type Statements } from "./statements.ts";
import { inWriteTransaction } from "./transaction.ts";

/** How long a write waits for another process's lock before failing, in milliseconds. */
const busyTimeoutMilliseconds = 5000;

/**
 * Opens (creating when missing) a SQLite store at `location`: a file path, whose parent directory is
 * created if needed, or ":memory:" for a private in-memory database. Applies pending migrations.
 */
export function openSqliteStore(location: string): SqliteStore {
  const inMemory = location === ":memory:";
  if (!inMemory) mkdirSync(dirname(location), { recursive: true });
  const database = new DatabaseSync(location, { timeout: busyTimeoutMilliseconds });
  try {
    database.exec(`PRAGMA busy_timeout = ${busyTimeoutMilliseconds}`);
    database.exec("PRAGMA foreign_keys = ON");
    if (!inMemory) {
      database.exec("PRAGMA journal_mode = WAL");
      database.exec("PRAGMA synchronous = FULL");
    }
    applyMigrations(database);
    return new SqliteStore(database);
  } catch (error) {
    database.close();
    throw error;
  }
}

/** A {@link Store} over one open, migrated SQLite connection. Build it with {@link openSqliteStore}. */
export class SqliteStore implements Store {
  readonly #database: DatabaseSync;
  readonly #statements: Statements;
  // Tracked here rather than read from DatabaseSync.isOpen, which Node 22.13 does not have.
  #open = true;

  /** Takes ownership of `database`, which must be open and migrated. */
  constructor(database: DatabaseSync) {
    this.#database = database;
    this.#statements = prepareStatements(database);
  }

  async ping(): Promise<void> {
    this.#statements.ping.get();
  }

  async getConversation(id: string): Promise<ConversationRecord | undefined> {
    const row = this.#statements.getConversation.get(id);
    return row === undefined ? undefined : toConversation(row);
  }

  async saveTurn(turn: TurnInput): Promise<SavedTurn> {
    return inWriteTransaction(this.#database, () => this.#writeTurn(turn));
  }

  async readMessages(
    conversationId: string,
    page: { afterSequence?: number; limit: number },
  ): Promise<MessagePage> {
    const rows = this.#statements.readMessagesAfter.all(
      conversationId,
      page.afterSequence ?? 0,
      page.limit + 1,
    );
    return { messages: rows.slice(0, page.limit).map(toMessage), hasMore: rows.length > page.limit };
  }

  async readRecentMessages(conversationId: string, limit: number): Promise<MessageRecord[]> {
    return this.#statements.readRecentMessages.all(conversationId, limit).map(toMessage);
  }

  async getMessages(ids: string[]): Promise<MessageRecord[]> {
    if (ids.length === 0) return [];
    const rows = this.#statements.getMessagesByIds.all(JSON.stringify(ids));
    const byId = new Map(rows.map((row) => [String(row.id), toMessage(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async findIdempotencyRecord(userId: string, key: string): Promise<IdempotencyRecord | undefined> {
    const row = this.#statements.findIdempotencyRecord.get(userId, key);
    return row === undefined ? undefined : toIdempotencyRecord(row);
  }

  async listConversations(
    userId: string | null,
    page: { after?: ConversationListPosition; limit: number },
  ): Promise<ConversationPage> {
    const rows = page.after
      ? this.#statements.listConversationsAfter.all(
          userId,
          page.after.updatedAt,
          page.after.id,
          page.limit + 1,
        )
      : this.#statements.listConversationsFirstPage.all(userId, page.limit + 1);
    return {
      conversations: rows.slice(0, page.limit).map(toConversation),
      hasMore: rows.length > page.limit,
    };
  }

  async deleteConversation(id: string): Promise<boolean> {
    return Number(this.#statements.deleteConversation.run(id).changes) > 0;
  }

  async close(): Promise<void> {
    if (!this.#open) return;
    this.#open = false;
    this.#database.close();
  }

  /** The body of {@link saveTurn}; runs inside its transaction, so any throw undoes every write. */
  #writeTurn(turn: TurnInput): SavedTurn {
    const statements = this.#statements;
    const { conversationId, create } = turn;
    if (create) {
      statements.insertConversation.run({
        id: conversationId,
        userId: create.userId,
        title: create.title,
        createdAt: create.createdAt,
      });
    }
    const existing = statements.getConversation.get(conversationId);
    if (existing === undefined) throw new ConversationNotFoundError(conversationId);
    if (turn.title !== undefined) statements.setTitle.run(turn.title, conversationId);

    const lastSequence = Number(statements.lastSequence.get(conversationId)?.sequence ?? 0);
    const messages: MessageRecord[] = turn.messages.map((message, index) => ({
      id: message.id,
      conversationId,
      role: message.role,
      content: message.content,
      userId: message.userId,
      sequence: lastSequence + index + 1,
      createdAt: message.createdAt,
      metadata: message.metadata ?? {},
    }));
    // The key goes in first so a replayed turn reports the conflict, not a duplicate message id.
    if (turn.idempotency) this.#insertIdempotencyRecord(conversationId, turn.idempotency, messages);
    for (const message of messages) statements.insertMessage.run(toMessageParameters(message));

    const newest = messages.at(-1);
    if (newest === undefined) return { conversation: toConversation(existing), messages };
    const updated = statements.updateConversationAfterTurn.get({
      id: conversationId,
      added: messages.length,
      updatedAt:
        messages
          .map((message) => message.createdAt)
          .sort()
          .at(-1) ?? newest.createdAt,
      preview: previewOf(newest.content),
    });
    if (updated === undefined) throw new ConversationNotFoundError(conversationId);
    return { conversation: toConversation(updated), messages };
  }

  /** Stores the turn's idempotency key; throws IdempotencyConflictError when the user already used it. */
  #insertIdempotencyRecord(
    conversationId: string,
    idempotency: NonNullable<TurnInput["idempotency"]>,
    messages: MessageRecord[],
  ): void {
    const userMessage = messages.find((message) => message.role === "user") ?? messages[0];
    const assistantMessage = messages.findLast((message) => message.role === "assistant") ?? messages.at(-1);
    if (!userMessage || !assistantMessage) {
      throw new TypeError("A turn with an idempotency key must contain at least one message.");
    }
    const inserted = this.#statements.insertIdempotencyRecord.run({
      userId: idempotency.userId,
      key: idempotency.key,
      tool: idempotency.tool,
      fingerprint: idempotency.fingerprint,
      conversationId,
      conversationCreated: idempotency.conversationCreated ? 1 : 0,
      userMessageId: userMessage.id,
      assistantMessageId: assistantMessage.id,
      createdAt: idempotency.createdAt,
    });
    if (Number(inserted.changes) === 0) throw new IdempotencyConflictError(idempotency.key);
  }
}
