// The PostgreSQL backend of the store port, for many nodes on one database. A turn locks its
// conversation row, so sequence numbers stay gap-free and unique however many nodes write at once;
// idempotency keys are a unique row, so concurrent duplicates on two nodes still run once. Search is
// a tsvector over each message and every model's opinion; rate-limit counters live here too.

import { randomBytes } from "node:crypto";
import type pg from "pg";
import type { LimiterBackend } from "../accounts.ts";
import { parseLatencies, toConversation, toIdempotencyEntry, toMessage } from "../rows.ts";
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
import { postgresAccounts } from "./account-queries.ts";
import { postgresBroadcast } from "./postgres-broadcast.ts";
import { keysetRows, type PostgresQuery } from "./postgres-query.ts";
import { conversationColumns, messageColumns, searchTextSql, writeTurn } from "./postgres-turns.ts";
import { searchMessages } from "./search-query.ts";
import { postgresSpendReservations } from "./spend-reservation-queries.ts";
import { postgresStreamEvents } from "./stream-event-queries.ts";
import { postgresTasks } from "./task-queries.ts";
import { postgresWebSessions } from "./web-session-queries.ts";

/** A {@link Store} over a PostgreSQL pool. Build it with `openPostgresStore`. */
export class PostgresStore implements Store {
  readonly #pool: pg.Pool;
  readonly #where: string;
  #closed = false;
  /** Runs one statement; a lost connection becomes store_unavailable. */
  readonly #run: PostgresQuery = (sql, parameters) => this.#query(sql, parameters);
  readonly #accounts = postgresAccounts(this.#run);
  readonly #tasks = postgresTasks(this.#run);
  readonly #streamEvents = postgresStreamEvents(this.#run);
  readonly #reservations = postgresSpendReservations(this.#run, (work) => this.#transaction(work));
  readonly #webSessions = postgresWebSessions(this.#run);

  readonly #broadcast: ReturnType<typeof postgresBroadcast>;

  constructor(pool: pg.Pool, where: string, url: string) {
    this.#pool = pool;
    this.#where = where;
    this.#broadcast = postgresBroadcast(url, pool);
  }

  publish(channel: string, payload: string): Promise<void> {
    return this.#broadcast.publish(channel, payload).catch((error) => {
      throw this.#unavailable(error);
    });
  }

  subscribe(channel: string, listener: (payload: string) => void): Promise<() => void> {
    return this.#broadcast.subscribe(channel, listener);
  }

  async health(): Promise<StoreHealth> {
    try {
      await this.#pool.query("SELECT 1");
      return { reachable: true, writable: true };
    } catch (error) {
      return {
        reachable: false,
        writable: false,
        error: `PostgreSQL ${this.#where}: ${(error as Error).message}`,
      };
    }
  }

  async signingKey(): Promise<string> {
    await this.#query(
      "INSERT INTO settings (name, value) VALUES ('signing-key', $1) ON CONFLICT (name) DO NOTHING",
      [randomBytes(32).toString("base64url")],
    );
    return String(
      (await this.#query("SELECT value FROM settings WHERE name = 'signing-key'")).rows[0]?.value,
    );
  }

  async modelLatencies(): Promise<Record<string, number[]>> {
    const row = (await this.#query("SELECT value FROM settings WHERE name = 'model-latencies'")).rows[0];
    return parseLatencies(row?.value);
  }

  async saveModelLatencies(latencies: Record<string, number[]>): Promise<void> {
    // One statement merges them into what other nodes saved, so nodes never overwrite each other's models.
    await this.#query(
      `INSERT INTO settings (name, value) VALUES ('model-latencies', $1) ON CONFLICT (name)
       DO UPDATE SET value = (settings.value::jsonb || excluded.value::jsonb)::text`,
      [JSON.stringify(latencies)],
    );
  }

  async getConversation(owner: string, id: string): Promise<Conversation | undefined> {
    const row = (
      await this.#query(`SELECT ${conversationColumns} FROM conversations WHERE user_id = $1 AND id = $2`, [
        owner,
        id,
      ])
    ).rows[0];
    return row === undefined ? undefined : toConversation(row);
  }

  async saveTurn(owner: string, turn: TurnInput): Promise<SavedTurn> {
    return this.#transaction((client) => writeTurn(client, owner, turn));
  }

  async readMessages(
    owner: string,
    conversationId: string,
    page: { afterSequence?: number; limit: number },
  ): Promise<MessagePage> {
    const rows = (
      await this.#query(
        `SELECT ${messageColumns} FROM messages WHERE user_id = $1 AND conversation_id = $2 AND sequence > $3
         ORDER BY sequence LIMIT $4`,
        [owner, conversationId, page.afterSequence ?? 0, page.limit + 1],
      )
    ).rows;
    return { messages: rows.slice(0, page.limit).map(toMessage), hasMore: rows.length > page.limit };
  }

  async readRecentMessages(owner: string, conversationId: string, limit: number): Promise<Message[]> {
    const rows = (
      await this.#query(
        `SELECT * FROM (SELECT ${messageColumns} FROM messages WHERE user_id = $1 AND conversation_id = $2
           ORDER BY sequence DESC LIMIT $3) AS recent ORDER BY sequence`,
        [owner, conversationId, limit],
      )
    ).rows;
    return rows.map(toMessage);
  }

  async updateMessageMetadata(
    owner: string,
    messageId: string,
    metadata: Record<string, unknown>,
  ): Promise<boolean> {
    // The search text follows the new metadata, so a late opinion is found like the others.
    const searchText = searchTextSql.replaceAll("$4::text", "content").replaceAll("$8", "$3");
    const result = await this.#query(
      `UPDATE messages SET metadata = $3::text, search_text = ${searchText} WHERE user_id = $1 AND id = $2`,
      [owner, messageId, JSON.stringify(metadata)],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async getMessages(owner: string, ids: string[]): Promise<Message[]> {
    if (ids.length === 0) return [];
    const rows = (
      await this.#query(`SELECT ${messageColumns} FROM messages WHERE user_id = $1 AND id = ANY($2)`, [
        owner,
        ids,
      ])
    ).rows;
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
    const row = (
      await this.#query(
        `INSERT INTO idempotency_claims (user_id, key, holder, claimed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, key) DO UPDATE SET holder = excluded.holder, claimed_at = excluded.claimed_at
         WHERE idempotency_claims.holder = excluded.holder OR idempotency_claims.claimed_at < $5
         RETURNING holder`,
        [owner, key, holder, now, staleBefore],
      )
    ).rows[0];
    return row?.holder === holder;
  }

  async releaseIdempotencyKey(owner: string, key: string, holder: string): Promise<void> {
    await this.#query("DELETE FROM idempotency_claims WHERE user_id = $1 AND key = $2 AND holder = $3", [
      owner,
      key,
      holder,
    ]);
  }

  async findIdempotencyEntry(owner: string, key: string): Promise<IdempotencyEntry | undefined> {
    const row = (
      await this.#query(
        `SELECT user_id, key, tool, fingerprint, conversation_id, conversation_created, user_message_id,
           assistant_message_id, created_at FROM idempotency_records WHERE user_id = $1 AND key = $2`,
        [owner, key],
      )
    ).rows[0];
    return row === undefined ? undefined : toIdempotencyEntry(row);
  }

  async listConversations(
    owner: string,
    page: { after?: ConversationListPosition; limit: number },
  ): Promise<ConversationPage> {
    const after = page.after ? { at: page.after.updatedAt, id: page.after.id } : undefined;
    const select = `SELECT ${conversationColumns} FROM conversations`;
    const rows = await keysetRows(this.#run, select, "updated_at", owner, after, page.limit);
    return {
      conversations: rows.slice(0, page.limit).map(toConversation),
      hasMore: rows.length > page.limit,
    };
  }

  async renameConversation(owner: string, id: string, title: string): Promise<Conversation | undefined> {
    const row = (
      await this.#query(
        `UPDATE conversations SET title = $1 WHERE user_id = $2 AND id = $3 RETURNING ${conversationColumns}`,
        [title, owner, id],
      )
    ).rows[0];
    return row === undefined ? undefined : toConversation(row);
  }

  async deleteConversation(owner: string, id: string): Promise<boolean> {
    return (
      ((await this.#query("DELETE FROM conversations WHERE user_id = $1 AND id = $2", [owner, id]))
        .rowCount ?? 0) > 0
    );
  }

  async searchConversations(owner: string, words: readonly string[], limit: number): Promise<SearchHit[]> {
    return searchMessages(this.#run, owner, words, limit);
  }

  // Accounts and tasks live in their own modules; the store hands their calls on.
  readonly saveApiKey = this.#accounts.saveApiKey;
  readonly findApiKey = this.#accounts.findApiKey;
  readonly listApiKeys = this.#accounts.listApiKeys;
  readonly revokeApiKey = this.#accounts.revokeApiKey;
  readonly addSpend = this.#accounts.addSpend;
  readonly spendOn = this.#accounts.spendOn;
  readonly createTask = this.#tasks.createTask;
  readonly getTask = this.#tasks.getTask;
  readonly listTasks = this.#tasks.listTasks;
  readonly finishTask = this.#tasks.finishTask;
  readonly heartbeatTasks = this.#tasks.heartbeatTasks;
  readonly failStaleTasks = this.#tasks.failStaleTasks;
  readonly deleteExpiredTasks = this.#tasks.deleteExpiredTasks;
  readonly appendStreamEvent = this.#streamEvents.appendStreamEvent;
  readonly readStreamEvents = this.#streamEvents.readStreamEvents;
  readonly deleteExpiredStreamEvents = this.#streamEvents.deleteExpiredStreamEvents;
  readonly reserveSpend = this.#reservations.reserveSpend;
  readonly chargeReservation = this.#reservations.chargeReservation;
  readonly renewReservation = this.#reservations.renewReservation;
  readonly releaseReservation = this.#reservations.releaseReservation;
  readonly heldOn = this.#reservations.heldOn;
  readonly saveWebSession = this.#webSessions.saveWebSession;
  readonly findWebSession = this.#webSessions.findWebSession;
  readonly deleteWebSession = this.#webSessions.deleteWebSession;

  limiterBackend(): LimiterBackend {
    return { kind: "postgres", pool: this.#pool, tableName: "rate_limits" };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#broadcast.close();
    await this.#pool.end();
  }

  /** One statement; a database that cannot be reached is `store_unavailable`, saying which. */
  async #query(sql: string, parameters: unknown[] = []): Promise<pg.QueryResult> {
    try {
      return await this.#pool.query(sql, parameters);
    } catch (error) {
      throw this.#unavailable(error);
    }
  }

  /** Runs `work` in one transaction on one connection, rolling back on any error. */
  async #transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw this.#unavailable(error);
    }
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw this.#unavailable(error);
    } finally {
      client.release();
    }
  }

  /** A connection failure as `store_unavailable`; any other error unchanged. */
  #unavailable(error: unknown): unknown {
    const code = (error as { code?: string }).code ?? "";
    const connection = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|57P0[1-3]|08\d{3})$/.test(code);
    if (!connection) return error;
    return new StoreUnavailableError(
      `The PostgreSQL database ${this.#where} cannot be reached (${code}). Check that it runs; the answer was not saved.`,
      { cause: error },
    );
  }
}
