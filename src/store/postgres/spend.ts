// The spend port on PostgreSQL. A reservation locks its owner's spend row of the day (made first when
// missing) for the rest of its transaction, so reservations of one owner on any number of nodes are
// checked one after another against the same spend and reservations. Charges lock that row too,
// before the reservation's, in the same order, so the two never deadlock.

import { fitsBudget, type SpendStore } from "../spend.ts";
import type { PostgresConnection } from "./connection.ts";

/** Adds to a user's spend of a day, making its row when missing. */
const addSpend = `INSERT INTO spend (user_id, day, usd) VALUES ($1, $2, $3)
  ON CONFLICT (user_id, day) DO UPDATE SET usd = spend.usd + excluded.usd`;

/** The spend and reservations of `connection`. */
export function postgresSpend(connection: PostgresConnection): SpendStore {
  return {
    async add(owner, day, usd) {
      await connection.query(addSpend, [owner, day, usd]);
    },

    async spentOn(owner, day) {
      const result = await connection.query("SELECT usd FROM spend WHERE user_id = $1 AND day = $2", [
        owner,
        day,
      ]);
      return Number(result.rows[0]?.usd ?? 0);
    },

    reserve(owner, reservation, budgetUsd, now) {
      const { id, day, usd, expiresAt } = reservation;
      return connection.transaction(async (client) => {
        await client.query(
          "INSERT INTO spend (user_id, day, usd) VALUES ($1, $2, 0) ON CONFLICT (user_id, day) DO NOTHING",
          [owner, day],
        );
        const spent = await client.query("SELECT usd FROM spend WHERE user_id = $1 AND day = $2 FOR UPDATE", [
          owner,
          day,
        ]);
        await client.query("DELETE FROM spend_reservations WHERE user_id = $1 AND expires_at <= $2", [
          owner,
          now,
        ]);
        const held = await client.query(
          "SELECT coalesce(sum(usd), 0) AS usd FROM spend_reservations WHERE user_id = $1 AND day = $2",
          [owner, day],
        );
        const spentUsd = Number(spent.rows[0]?.usd ?? 0);
        const heldUsd = Number(held.rows[0]?.usd ?? 0);
        if (!fitsBudget(spentUsd, heldUsd, usd, budgetUsd)) return { reserved: false, spentUsd, heldUsd };
        await client.query(
          "INSERT INTO spend_reservations (id, user_id, day, usd, expires_at) VALUES ($1, $2, $3, $4, $5)",
          [id, owner, day, usd, expiresAt],
        );
        return { reserved: true };
      });
    },

    async charge(owner, id, day, usd) {
      await connection.transaction(async (client) => {
        await client.query(addSpend, [owner, day, usd]);
        await client.query(
          "UPDATE spend_reservations SET usd = greatest(usd - $3, 0) WHERE user_id = $1 AND id = $2",
          [owner, id, usd],
        );
      });
    },

    async renew(owner, id, expiresAt) {
      const result = await connection.query(
        "UPDATE spend_reservations SET expires_at = $3 WHERE user_id = $1 AND id = $2",
        [owner, id, expiresAt],
      );
      return (result.rowCount ?? 0) > 0;
    },

    async release(owner, id) {
      await connection.query("DELETE FROM spend_reservations WHERE user_id = $1 AND id = $2", [owner, id]);
    },

    async heldOn(owner, day, now) {
      const result = await connection.query(
        `SELECT coalesce(sum(usd), 0) AS usd FROM spend_reservations
         WHERE user_id = $1 AND day = $2 AND expires_at > $3`,
        [owner, day, now],
      );
      return Number(result.rows[0]?.usd ?? 0);
    },
  };
}
