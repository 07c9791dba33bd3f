// The web-sessions port on either backend.

import { toWebSessionRecord } from "../rows.ts";
import type { WebSessionStore } from "../web-sessions.ts";
import { changedAny, type SqlDatabase } from "./database.ts";

/** The web sessions of `database`. */
export function sqlWebSessions(database: SqlDatabase): WebSessionStore {
  const { builder } = database;
  return {
    async save(record) {
      await database.transaction(function* () {
        yield builder.deleteFrom("web_sessions").where("expires_at", "<", record.createdAt);
        const { hash, userId, tier, credentialId, createdAt, expiresAt } = record;
        yield builder.insertInto("web_sessions").values({
          hash,
          user_id: userId,
          tier,
          credential_id: credentialId,
          created_at: createdAt,
          expires_at: expiresAt,
        });
      });
    },

    async find(hash, now) {
      const { rows } = await database.read(
        builder
          .selectFrom("web_sessions")
          .select(["hash", "user_id", "tier", "credential_id", "created_at", "expires_at"])
          .where("hash", "=", hash)
          .where("expires_at", ">=", now),
      );
      return rows[0] ? toWebSessionRecord(rows[0]) : undefined;
    },

    async delete(hash) {
      return changedAny(await database.write(builder.deleteFrom("web_sessions").where("hash", "=", hash)));
    },
  };
}
