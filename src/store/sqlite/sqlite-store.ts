// The SQLite backend of the store port, on Node's built-in node:sqlite.
// One connection per store; node:sqlite is synchronous, so calls from one process never interleave,
// and BEGIN IMMEDIATE plus a busy timeout serialises writers from other processes on the same file.

import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  type Conversation,
  type ConversationListPosition,
  ConversationNotFoundError,
  type ConversationPage,
  IdempotencyConflictError,
  type IdempotencyEntry,
  type Message,
  type MessagePage,
  type SavedTurn,
  type Store,
  StoreOpenError,
  type TurnInput,
} from "../store.ts";
import { applyMigrations } from "./migrations.ts";
import { previewOf, toConversation, toIdempotencyEntry, toMessage, toMessageParameters } from "./rows.ts";
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
  if (!inMemory) createParentDirectory(location);
  let database: DatabaseSync;
  try {
    database = new DatabaseSync(location, { timeout: busyTimeoutMilliseconds });
  } catch (error) {
    throw new StoreOpenError(
      `The database ${location} cannot be opened (${(error as Error).message}). Check the file's permissions, or set DATABASE_URL (or --database) to another file.`,
      { cause: error },
    );
  }
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

function createParentDirectory(location: string): void {
  const directory = dirname(location);
  try {
    mkdirSync(directory, { recursive: true });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new StoreOpenError(
      `The data directory ${directory} cannot be created (${reason}). Make it writable, or set DATABASE_URL (or --database) to a file in a writable directory.`,
      { cause: error },
    );
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

  async getConversation(owner: string, id: string): Promise<Conversation | undefined> {
    const row = this.#statements.getConversation.get(owner, id);
    return row === undefined ? undefined : toConversation(row);
  }

  async saveTurn(owner: string, turn: TurnInput): Promise<SavedTurn> {
    return inWriteTransaction(this.#database, () => this.#writeTurn(owner, turn));
  }

  async readMessages(
    owner: string,
    conversationId: string,
    page: { afterSequence?: number; limit: number },
  ): Promise<MessagePage> {
    const rows = this.#statements.readMessagesAfter.all(
      owner,
      conversationId,
      page.afterSequence ?? 0,
      page.limit + 1,
    );
    return { messages: rows.slice(0, page.limit).map(toMessage), hasMore: rows.length > page.limit };
  }

  async readRecentMessages(owner: string, conversationId: string, limit: number): Promise<Message[]> {
    return this.#statements.readRecentMessages.all(owner, conversationId, limit).map(toMessage);
  }

  async getMessages(owner: string, ids: string[]): Promise<Message[]> {
    if (ids.length === 0) return [];
    const rows = this.#statements.getMessagesByIds.all(owner, JSON.stringify(ids));
    const byId = new Map(rows.map((row) => [String(row.id), toMessage(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async findIdempotencyEntry(owner: string, key: string): Promise<IdempotencyEntry | undefined> {
    const row = this.#statements.findIdempotencyEntry.get(owner, key);
    return row === undefined ? undefined : toIdempotencyEntry(row);
  }

  async listConversations(
    owner: string,
    page: { after?: ConversationListPosition; limit: number },
  ): Promise<ConversationPage> {
    const rows = page.after
      ? this.#statements.listConversationsAfter.all(
          owner,
          page.after.updatedAt,
          page.after.id,
          page.limit + 1,
        )
      : this.#statements.listConversationsFirstPage.all(owner, page.limit + 1);
    return {
      conversations: rows.slice(0, page.limit).map(toConversation),
      hasMore: rows.length > page.limit,
    };
  }

  async deleteConversation(owner: string, id: string): Promise<boolean> {
    return Number(this.#statements.deleteConversation.run(owner, id).changes) > 0;
  }

  async close(): Promise<void> {
    if (!this.#open) return;
    this.#open = false;
    this.#database.close();
  }

  /** The body of {@link saveTurn}; runs inside its transaction, so any throw undoes every write. */
  #writeTurn(owner: string, turn: TurnInput): SavedTurn {
    const statements = this.#statements;
    const { conversationId, create } = turn;
    if (create) {
      statements.insertConversation.run({
        id: conversationId,
        owner,
        title: create.title,
        createdAt: create.createdAt,
      });
    }
    const existing = statements.getConversation.get(owner, conversationId);
    if (existing === undefined) throw new ConversationNotFoundError(conversationId);
    if (turn.title !== undefined) statements.setTitle.run(turn.title, conversationId);

    const lastSequence = Number(statements.lastSequence.get(conversationId)?.sequence ?? 0);
    const messages: Message[] = turn.messages.map((message, index) => ({
      id: message.id,
      conversationId,
      role: message.role,
      content: message.content,
      userId: owner,
      sequence: lastSequence + index + 1,
      createdAt: message.createdAt,
      metadata: message.metadata ?? {},
    }));
    // The key goes in first so a replayed turn reports the conflict, not a duplicate message id.
    if (turn.idempotency) this.#insertIdempotencyEntry(owner, conversationId, turn.idempotency, messages);
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

  /** Stores the turn's idempotency key; throws IdempotencyConflictError when the owner already used it. */
  #insertIdempotencyEntry(
    owner: string,
    conversationId: string,
    idempotency: NonNullable<TurnInput["idempotency"]>,
    messages: Message[],
  ): void {
    const userMessage = messages.find((message) => message.role === "user") ?? messages[0];
    const assistantMessage = messages.findLast((message) => message.role === "assistant") ?? messages.at(-1);
    if (!userMessage || !assistantMessage) {
      throw new TypeError("A turn with an idempotency key must contain at least one message.");
    }
    const inserted = this.#statements.insertIdempotencyEntry.run({
      userId: owner,
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
