// The spend port on either backend. A reservation is checked and stored in one transaction. On SQLite
// that is a write transaction (BEGIN IMMEDIATE), which holds the file's write lock: other connections,
// in this process or another sharing the file, wait for it. On PostgreSQL it locks its owner's spend row
// of the day (made first when missing), so reservations of one owner on any number of nodes are checked
// one after another; charges lock that row too, before the reservation's, so the two never deadlock.

import { sql } from "kysely";
import { fitsBudget, type SpendStore } from "../spend.ts";
import { changedAny, greatest, type SqlDatabase } from "./database.ts";

/** The spend and reservations of `database`. */
export function sqlSpend(database: SqlDatabase): SpendStore {
  const { builder } = database;
  const addSpend = (owner: string, day: string, usd: number) =>
    builder
      .insertInto("spend")
      .values({ user_id: owner, day, usd })
      .onConflict((conflict) =>
        conflict.columns(["user_id", "day"]).doUpdateSet({ usd: sql`spend.usd + excluded.usd` }),
      );
  const spent = (owner: string, day: string) =>
    builder.selectFrom("spend").select("usd").where("user_id", "=", owner).where("day", "=", day);
  const reservations = (owner: string) =>
    builder.updateTable("spend_reservations").where("user_id", "=", owner);
  const held = (owner: string, day: string, now: number) =>
    builder
      .selectFrom("spend_reservations")
      .select(sql`coalesce(sum(usd), 0)`.as("usd"))
      .where("user_id", "=", owner)
      .where("day", "=", day)
      .where("expires_at", ">", now);
  const usd = (outcome: { rows: { usd?: unknown }[] }) => Number(outcome.rows[0]?.usd ?? 0);
  return {
    async add(owner, day, amount) {
      await database.write(addSpend(owner, day, amount));
    },

    async spentOn(owner, day) {
      return usd(await database.read(spent(owner, day)));
    },

    reserve(owner, reservation, budgetUsd, now) {
      const { id, day, expiresAt } = reservation;
      return database.transaction(function* () {
        const locking = database.dialect === "postgres";
        if (locking) yield addSpend(owner, day, 0);
        yield builder
          .deleteFrom("spend_reservations")
          .where("user_id", "=", owner)
          .where("expires_at", "<=", now);
        const spentUsd = usd(yield locking ? spent(owner, day).forUpdate() : spent(owner, day));
        const heldUsd = usd(yield held(owner, day, now));
        if (!fitsBudget(spentUsd, heldUsd, reservation.usd, budgetUsd))
          return { reserved: false, spentUsd, heldUsd };
        const values = { id, user_id: owner, day, usd: reservation.usd, expires_at: expiresAt };
        yield builder.insertInto("spend_reservations").values(values);
        return { reserved: true };
      });
    },

    async charge(owner, id, day, amount) {
      await database.transaction(function* () {
        yield addSpend(owner, day, amount);
        yield reservations(owner)
          .set({ usd: greatest(database, sql`usd - ${amount}`, 0) })
          .where("id", "=", id);
      });
    },

    async renew(owner, id, expiresAt) {
      return changedAny(
        await database.write(reservations(owner).set({ expires_at: expiresAt }).where("id", "=", id)),
      );
    },

    async release(owner, id) {
      await database.write(
        builder.deleteFrom("spend_reservations").where("user_id", "=", owner).where("id", "=", id),
      );
    },

    async heldOn(owner, day, now) {
      return usd(await database.read(held(owner, day, now)));
    },
  };
}
