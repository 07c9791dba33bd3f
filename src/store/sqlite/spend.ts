// The spend port on SQLite. A reservation is checked and stored inside one write transaction (BEGIN
// IMMEDIATE), which holds the file's write lock: other connections, in this process or another
// sharing the file, wait for it, so the check and the reservation are one step.

import { fitsBudget, type SpendStore } from "../spend.ts";
import type { SqliteConnection } from "./connection.ts";

/** The spend and reservations of `connection`. */
export function sqliteSpend(connection: SqliteConnection): SpendStore {
  const { database } = connection;
  const deleteExpired = database.prepare(
    "DELETE FROM spend_reservations WHERE user_id = ? AND expires_at <= ?",
  );
  const spent = database.prepare("SELECT usd FROM spend WHERE user_id = ? AND day = ?");
  const held = database.prepare(
    `SELECT coalesce(sum(usd), 0) AS usd FROM spend_reservations
     WHERE user_id = ? AND day = ? AND expires_at > ?`,
  );
  const insert = database.prepare(
    "INSERT INTO spend_reservations (id, user_id, day, usd, expires_at) VALUES (?, ?, ?, ?, ?)",
  );
  const addSpend = database.prepare(
    `INSERT INTO spend (user_id, day, usd) VALUES (?, ?, ?)
     ON CONFLICT (user_id, day) DO UPDATE SET usd = usd + excluded.usd`,
  );
  const lower = database.prepare(
    "UPDATE spend_reservations SET usd = max(usd - ?, 0) WHERE user_id = ? AND id = ?",
  );
  const renew = database.prepare("UPDATE spend_reservations SET expires_at = ? WHERE user_id = ? AND id = ?");
  const release = database.prepare("DELETE FROM spend_reservations WHERE user_id = ? AND id = ?");
  return {
    async add(owner, day, usd) {
      await connection.write(() => addSpend.run(owner, day, usd));
    },

    async spentOn(owner, day) {
      return Number((await connection.read(() => spent.get(owner, day)))?.usd ?? 0);
    },

    reserve(owner, reservation, budgetUsd, now) {
      return connection.transaction(() => {
        deleteExpired.run(owner, now);
        const spentUsd = Number(spent.get(owner, reservation.day)?.usd ?? 0);
        const heldUsd = Number(held.get(owner, reservation.day, now)?.usd ?? 0);
        if (!fitsBudget(spentUsd, heldUsd, reservation.usd, budgetUsd)) {
          return { reserved: false as const, spentUsd, heldUsd };
        }
        const { id, day, usd, expiresAt } = reservation;
        insert.run(id, owner, day, usd, expiresAt);
        return { reserved: true as const };
      });
    },

    async charge(owner, id, day, usd) {
      await connection.transaction(() => {
        addSpend.run(owner, day, usd);
        lower.run(usd, owner, id);
      });
    },

    async renew(owner, id, expiresAt) {
      return Number((await connection.write(() => renew.run(expiresAt, owner, id))).changes) > 0;
    },

    async release(owner, id) {
      await connection.write(() => release.run(owner, id));
    },

    async heldOn(owner, day, now) {
      return Number((await connection.read(() => held.get(owner, day, now)))?.usd ?? 0);
    },
  };
}
