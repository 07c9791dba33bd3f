// The spend-reservations part of the SQLite store. A reservation is checked and stored inside one
// write transaction (BEGIN IMMEDIATE), which holds the file's write lock: other connections, in this
// process or another sharing the file, wait for it, so the check and the reservation are one step.

import type { DatabaseSync } from "node:sqlite";
import { fitsBudget, type SpendReservationStore } from "../spend-reservations.ts";
import { inWriteTransaction } from "./transaction.ts";

/** Runs a statement, waiting for another program's lock on a timer. */
type Access = <T>(work: () => T) => Promise<T>;

/** The spend-reservation methods of the store, over `database` (migrated). */
export function sqliteSpendReservations(
  database: DatabaseSync,
  read: Access,
  write: Access,
): SpendReservationStore {
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
    reserveSpend(owner, reservation, budgetUsd, now) {
      return write(() =>
        inWriteTransaction(database, () => {
          deleteExpired.run(owner, now);
          const spentUsd = Number(spent.get(owner, reservation.day)?.usd ?? 0);
          const heldUsd = Number(held.get(owner, reservation.day, now)?.usd ?? 0);
          if (!fitsBudget(spentUsd, heldUsd, reservation.usd, budgetUsd)) {
            return { reserved: false as const, spentUsd, heldUsd };
          }
          const { id, day, usd, expiresAt } = reservation;
          insert.run(id, owner, day, usd, expiresAt);
          return { reserved: true as const };
        }),
      );
    },

    async chargeReservation(owner, id, day, usd) {
      await write(() =>
        inWriteTransaction(database, () => {
          addSpend.run(owner, day, usd);
          lower.run(usd, owner, id);
        }),
      );
    },

    async renewReservation(owner, id, expiresAt) {
      return Number((await write(() => renew.run(expiresAt, owner, id))).changes) > 0;
    },

    async releaseReservation(owner, id) {
      await write(() => release.run(owner, id));
    },

    async heldOn(owner, day, now) {
      return Number((await read(() => held.get(owner, day, now)))?.usd ?? 0);
    },
  };
}
