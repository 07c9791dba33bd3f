// The SQLite backend of the store port, on Node's built-in node:sqlite. One connection per store;
// node:sqlite is synchronous, so calls from one process never interleave. Writers of other processes
// are waited for on a timer (retryWhileBusy), never in a blocking busy wait, and a write is refused
// when the file was removed, replaced or cannot be written.

import { randomBytes } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { ApiKeyRecord, LimiterBackend } from "../accounts.ts";
import { processBroadcast } from "../broadcast.ts";
import {
  bestHitPerConversation,
  parseLatencies,
  toApiKeyRecord,
  toConversation,
  toIdempotencyEntry,
  toMessage,
} from "../rows.ts";
import type { SpendReservationStore } from "../spend-reservations.ts";
import {
  type Conversation,
  type ConversationListPosition,
  type ConversationPage,
  type IdempotencyEntry,
  type Message,
  type MessagePage,
  type SavedTurn,
  type SearchHit,
  type Store,
  type StoreHealth,
  StoreUnavailableError,
  type TurnInput,
} from "../store.ts";
import type { StreamEventStore } from "../stream-events.ts";
import type { TaskStore } from "../tasks.ts";
import type { WebSessionStore } from "../web-sessions.ts";
import { type AccountStatements, prepareAccountStatements } from "./account-statements.ts";
import { retryWhileBusy, sqliteCode, sqliteCodes } from "./busy-retry.ts";
import type { FileIdentity } from "./file-identity.ts";
import { sqliteSpendReservations } from "./sqlite-spend-reservations.ts";
import { sqliteStreamEvents } from "./sqlite-stream-events.ts";
import { sqliteTasks } from "./sqlite-tasks.ts";
import { writeTurn } from "./sqlite-turns.ts";
import { sqliteWebSessions } from "./sqlite-web-sessions.ts";
import { prepareStatements, type Statements } from "./statements.ts";
import { prepareTaskStatements, type TaskStatements } from "./task-statements.ts";
import { inWriteTransaction } from "./transaction.ts";

/** The settings row holding the models' recent latencies. */
const latenciesName = "model-latencies";

/** The settings row holding the signing key. */
const signingKeyName = "signing-key";

/** How the store was opened. */
export interface SqliteStoreOptions {
  /** The file (or ":memory:"), for messages. */
  location: string;
  /** The opened file, to notice when it is removed or replaced; absent in memory. */
  identity?: FileIdentity;
  /** Why the file cannot be written, when that was found at open. */
  readOnly?: string;
  /** How long a statement waits for another program's lock, in milliseconds. */
  busyWaitMs: number;
}

/** A {@link Store} over one open, migrated SQLite connection. Build it with `openSqliteStore`. */
export class SqliteStore implements Store {
  readonly #database: DatabaseSync;
  readonly #statements: Statements;
  readonly #accounts: AccountStatements;
  readonly #tasks: TaskStatements;
  readonly #taskMethods: TaskStore;
  readonly #streamEvents: StreamEventStore;
  readonly #reservations: SpendReservationStore;
  readonly #webSessions: WebSessionStore;
  readonly #options: SqliteStoreOptions;
  #readOnly: string | undefined;
  #ephemeralKey: string | undefined;
  // Tracked here rather than read from DatabaseSync.isOpen, which Node 22.13 does not have.
  #open = true;
  readonly #broadcast = processBroadcast();
  readonly publish = this.#broadcast.publish;
  readonly subscribe = this.#broadcast.subscribe;

  /** Takes ownership of `database`, which must be open and migrated. */
  constructor(database: DatabaseSync, options: SqliteStoreOptions) {
    this.#database = database;
    this.#statements = prepareStatements(database);
    this.#accounts = prepareAccountStatements(database);
    this.#tasks = prepareTaskStatements(database);
    this.#taskMethods = sqliteTasks(
      this.#tasks,
      (work) => this.#read(work),
      (work) => this.#write(work),
    );
    this.#streamEvents = sqliteStreamEvents(
      database,
      (work) => this.#read(work),
      (work) => this.#write(work),
    );
    this.#reservations = sqliteSpendReservations(
      database,
      (work) => this.#read(work),
      (work) => this.#write(work),
    );
    this.#webSessions = sqliteWebSessions(
      database,
      (work) => this.#read(work),
      (work) => this.#write(work),
    );
    this.#options = options;
    this.#readOnly = options.readOnly;
  }

  async health(): Promise<StoreHealth> {
    try {
      await this.#read(() => this.#statements.ping.get());
    } catch (error) {
      return { reachable: false, writable: false, error: (error as Error).message };
    }
    const unwritable = this.#unwritable();
    return unwritable
      ? { reachable: true, writable: false, error: unwritable }
      : { reachable: true, writable: true };
  }

  async signingKey(): Promise<string> {
    const stored = await this.#read(() => this.#statements.getSetting.get(signingKeyName));
    if (stored !== undefined) return String(stored.value);
    try {
      await this.#write(() =>
        this.#statements.insertSetting.run(signingKeyName, randomBytes(32).toString("base64url")),
      );
    } catch (error) {
      // A read-only database without a key: this process signs with a key of its own.
      if (!(error instanceof StoreUnavailableError)) throw error;
      this.#ephemeralKey ??= randomBytes(32).toString("base64url");
      return this.#ephemeralKey;
    }
    return String((await this.#read(() => this.#statements.getSetting.get(signingKeyName)))?.value);
  }

  async modelLatencies(): Promise<Record<string, number[]>> {
    const stored = await this.#read(() => this.#statements.getSetting.get(latenciesName));
    return parseLatencies(stored?.value);
  }

  async saveModelLatencies(latencies: Record<string, number[]>): Promise<void> {
    await this.#write(() => {
      const stored = parseLatencies(this.#statements.getSetting.get(latenciesName)?.value);
      this.#statements.putSetting.run(latenciesName, JSON.stringify({ ...stored, ...latencies }));
    });
  }

  async getConversation(owner: string, id: string): Promise<Conversation | undefined> {
    const row = await this.#read(() => this.#statements.getConversation.get(owner, id));
    return row === undefined ? undefined : toConversation(row);
  }

  async saveTurn(owner: string, turn: TurnInput): Promise<SavedTurn> {
    return this.#write(() =>
      inWriteTransaction(this.#database, () => writeTurn(this.#statements, owner, turn)),
    );
  }

  async readMessages(
    owner: string,
    conversationId: string,
    page: { afterSequence?: number; limit: number },
  ): Promise<MessagePage> {
    const rows = await this.#read(() =>
      this.#statements.readMessagesAfter.all(owner, conversationId, page.afterSequence ?? 0, page.limit + 1),
    );
    return { messages: rows.slice(0, page.limit).map(toMessage), hasMore: rows.length > page.limit };
  }

  async readRecentMessages(owner: string, conversationId: string, limit: number): Promise<Message[]> {
    return (
      await this.#read(() => this.#statements.readRecentMessages.all(owner, conversationId, limit))
    ).map(toMessage);
  }

  async updateMessageMetadata(
    owner: string,
    messageId: string,
    metadata: Record<string, unknown>,
  ): Promise<boolean> {
    const result = await this.#write(() =>
      this.#statements.updateMessageMetadata.run(JSON.stringify(metadata), owner, messageId),
    );
    return Number(result.changes) > 0;
  }

  async getMessages(owner: string, ids: string[]): Promise<Message[]> {
    if (ids.length === 0) return [];
    const rows = await this.#read(() => this.#statements.getMessagesByIds.all(owner, JSON.stringify(ids)));
    const byId = new Map(rows.map((row) => [String(row.id), toMessage(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async claimIdempotencyKey(
    owner: string,
    key: string,
    holder: string,
    now: string,
    staleBefore: string,
  ): Promise<boolean> {
    const row = await this.#write(() =>
      this.#statements.claimIdempotencyKey.get({ owner, key, holder, now, staleBefore }),
    );
    return row?.holder === holder;
  }

  async releaseIdempotencyKey(owner: string, key: string, holder: string): Promise<void> {
    await this.#write(() => this.#statements.releaseIdempotencyKey.run(owner, key, holder));
  }

  async findIdempotencyEntry(owner: string, key: string): Promise<IdempotencyEntry | undefined> {
    const row = await this.#read(() => this.#statements.findIdempotencyEntry.get(owner, key));
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

  async renameConversation(owner: string, id: string, title: string): Promise<Conversation | undefined> {
    const row = await this.#write(() => this.#statements.renameConversation.get(title, owner, id));
    return row === undefined ? undefined : toConversation(row);
  }

  async searchConversations(owner: string, words: readonly string[], limit: number): Promise<SearchHit[]> {
    if (words.length === 0) return [];
    const query = words
      .map((word, index) => `"${word.replaceAll('"', '""')}"${index === words.length - 1 ? "*" : ""}`)
      .join(" ");
    const rows = await this.#read(() =>
      this.#statements.searchMessages.all({ owner, query, rows: limit * 20 }),
    );
    // bm25 is lower for better matches.
    return bestHitPerConversation(rows, limit, (row) => -Number(row.score));
  }

  async deleteConversation(owner: string, id: string): Promise<boolean> {
    const result = await this.#write(() => this.#statements.deleteConversation.run(owner, id));
    return Number(result.changes) > 0;
  }

  async saveApiKey(record: ApiKeyRecord): Promise<void> {
    const { revokedAt: _revoked, ...fields } = record;
    await this.#write(() => this.#accounts.insertApiKey.run({ ...fields }));
  }

  async findApiKey(id: string): Promise<ApiKeyRecord | undefined> {
    const row = await this.#read(() => this.#accounts.findApiKey.get(id));
    return row === undefined ? undefined : toApiKeyRecord(row);
  }

  async listApiKeys(): Promise<ApiKeyRecord[]> {
    return (await this.#read(() => this.#accounts.listApiKeys.all())).map(toApiKeyRecord);
  }

  async revokeApiKey(id: string, at: string): Promise<boolean> {
    const result = await this.#write(() => this.#accounts.revokeApiKey.run(at, id));
    return Number(result.changes) > 0;
  }

  async addSpend(owner: string, day: string, usd: number): Promise<void> {
    await this.#write(() => this.#accounts.addSpend.run(owner, day, usd));
  }

  async spendOn(owner: string, day: string): Promise<number> {
    const row = await this.#read(() => this.#accounts.spendOn.get(owner, day));
    return Number(row?.usd ?? 0);
  }

  // Tasks live in their own module; the store hands their calls on.
  readonly createTask: TaskStore["createTask"] = (...args) => this.#taskMethods.createTask(...args);
  readonly getTask: TaskStore["getTask"] = (...args) => this.#taskMethods.getTask(...args);
  readonly listTasks: TaskStore["listTasks"] = (...args) => this.#taskMethods.listTasks(...args);
  readonly finishTask: TaskStore["finishTask"] = (...args) => this.#taskMethods.finishTask(...args);
  readonly heartbeatTasks: TaskStore["heartbeatTasks"] = (...args) =>
    this.#taskMethods.heartbeatTasks(...args);
  readonly failStaleTasks: TaskStore["failStaleTasks"] = (...args) =>
    this.#taskMethods.failStaleTasks(...args);
  readonly deleteExpiredTasks: TaskStore["deleteExpiredTasks"] = (...args) =>
    this.#taskMethods.deleteExpiredTasks(...args);
  readonly appendStreamEvent: StreamEventStore["appendStreamEvent"] = (...args) =>
    this.#streamEvents.appendStreamEvent(...args);
  readonly readStreamEvents: StreamEventStore["readStreamEvents"] = (...args) =>
    this.#streamEvents.readStreamEvents(...args);
  readonly deleteExpiredStreamEvents: StreamEventStore["deleteExpiredStreamEvents"] = (...args) =>
    this.#streamEvents.deleteExpiredStreamEvents(...args);
  readonly reserveSpend: SpendReservationStore["reserveSpend"] = (...args) =>
    this.#reservations.reserveSpend(...args);
  readonly chargeReservation: SpendReservationStore["chargeReservation"] = (...args) =>
    this.#reservations.chargeReservation(...args);
  readonly renewReservation: SpendReservationStore["renewReservation"] = (...args) =>
    this.#reservations.renewReservation(...args);
  readonly releaseReservation: SpendReservationStore["releaseReservation"] = (...args) =>
    this.#reservations.releaseReservation(...args);
  readonly heldOn: SpendReservationStore["heldOn"] = (...args) => this.#reservations.heldOn(...args);
  readonly saveWebSession: WebSessionStore["saveWebSession"] = (...args) =>
    this.#webSessions.saveWebSession(...args);
  readonly findWebSession: WebSessionStore["findWebSession"] = (...args) =>
    this.#webSessions.findWebSession(...args);
  readonly deleteWebSession: WebSessionStore["deleteWebSession"] = (...args) =>
    this.#webSessions.deleteWebSession(...args);

  limiterBackend(): LimiterBackend {
    const database = this.#database;
    return {
      kind: "sqlite",
      tableName: "rate_limits",
      client: {
        prepare: (sql) => database.prepare(sql) as never,
        transaction: (work) => () => inWriteTransaction(database, work),
      },
      whileLocked: (count) => retryWhileBusy(count, this.#options.busyWaitMs, this.#options.location),
    };
  }

  async close(): Promise<void> {
    if (!this.#open) return;
    this.#open = false;
    this.#database.close();
  }

  /** Runs a read, waiting for another program's lock on a timer. */
  #read<T>(work: () => T): Promise<T> {
    return retryWhileBusy(work, this.#options.busyWaitMs, this.#options.location);
  }

  /** Runs a write unless the file cannot take it; a read-only file found now is remembered. */
  async #write<T>(work: () => T): Promise<T> {
    const unwritable = this.#unwritable();
    if (unwritable) throw new StoreUnavailableError(unwritable);
    try {
      return await retryWhileBusy(work, this.#options.busyWaitMs, this.#options.location);
    } catch (error) {
      if (sqliteCode(error) !== sqliteCodes.readOnly) throw error;
      this.#readOnly = (error as Error).message;
      throw new StoreUnavailableError(this.#unwritable() ?? (error as Error).message, { cause: error });
    }
  }

  /** Why a write would be lost or refused now, or undefined when the store can take it. */
  #unwritable(): string | undefined {
    const { location } = this.#options;
    const change = this.#options.identity?.change();
    if (change) {
      return `The database file ${location} ${change} while the server was running, so writes are refused (they would be lost). Restart the server.`;
    }
    if (this.#readOnly) {
      return `The database ${location} cannot be written (${this.#readOnly}). Make the file and its directory writable, or set DATABASE_URL to a writable file, and restart.`;
    }
    return undefined;
  }
}
