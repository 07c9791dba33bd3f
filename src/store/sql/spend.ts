// The spend port on either backend. A reservation is checked and stored in one transaction. On SQLite
// that is a write transaction (BEGIN IMMEDIATE), which holds the file's write lock: other connections,
// in this process or another sharing the file, wait for it. On PostgreSQL it locks its owner's spend row
// of the day (made first when missing), so reservations of one owner on any number of nodes are checked
// one after another; charges lock that row too, before the reservation's, so the two never deadlock.
// Its statements are prepared once: every model call reserves, charges and releases.

import { sql } from "kysely";
import { fitsBudget, type SpendStore } from "../spend.ts";
import { changedAny, greatest, type Outcome, prepare, type SqlDatabase } from "./database.ts";

type OfDay = { owner: string; day: string };
type OfReservation = { owner: string; id: string };

/** The statements of the spend port, prepared for `database`. */
function spendStatements(database: SqlDatabase) {
  const { builder } = database;
  const addSpend = prepare<OfDay & { usd: number }>(database, (slot) =>
    builder
      .insertInto("spend")
      .values({ user_id: slot("owner"), day: slot("day"), usd: slot("usd") })
      .onConflict((conflict) =>
        conflict.columns(["user_id", "day"]).doUpdateSet({ usd: sql`spend.usd + excluded.usd` }),
      ),
  );
  const spent = builder.selectFrom("spend").select("usd");
  const spentOn = (locking: boolean) =>
    prepare<OfDay>(database, (slot) => {
      const query = spent.where("user_id", "=", slot("owner")).where("day", "=", slot("day"));
      return locking ? query.forUpdate() : query;
    });
  const [spentNow, spentLocked] = [spentOn(false), spentOn(database.dialect === "postgres")];
  const held = prepare<OfDay & { now: number }>(database, (slot) =>
    builder
      .selectFrom("spend_reservations")
      .select(sql`coalesce(sum(usd), 0)`.as("usd"))
      .where("user_id", "=", slot("owner"))
      .where("day", "=", slot("day"))
      .where("expires_at", ">", slot("now")),
  );
  const deleteExpired = prepare<{ owner: string; now: number }>(database, (slot) =>
    builder
      .deleteFrom("spend_reservations")
      .where("user_id", "=", slot("owner"))
      .where("expires_at", "<=", slot("now")),
  );
  const insert = prepare<OfReservation & { day: string; usd: number; expiresAt: number }>(database, (slot) =>
    builder.insertInto("spend_reservations").values({
      id: slot("id"),
      user_id: slot("owner"),
      day: slot("day"),
      usd: slot("usd"),
      expires_at: slot("expiresAt"),
    }),
  );
  const reservation = (slot: (name: "owner" | "id") => unknown) =>
    builder
      .updateTable("spend_reservations")
      .where("user_id", "=", slot("owner"))
      .where("id", "=", slot("id"));
  const lower = prepare<OfReservation & { usd: number }>(database, (slot) =>
    reservation(slot).set({ usd: greatest(database, sql`usd - ${slot("usd")}`, 0) }),
  );
  const renew = prepare<OfReservation & { expiresAt: number }>(database, (slot) =>
    reservation(slot).set({ expires_at: slot("expiresAt") }),
  );
  const release = prepare<OfReservation>(database, (slot) =>
    builder
      .deleteFrom("spend_reservations")
      .where("user_id", "=", slot("owner"))
      .where("id", "=", slot("id")),
  );
  return { addSpend, spentNow, spentLocked, held, deleteExpired, insert, lower, renew, release };
}

/** The spend and reservations of `database`. */
export function sqlSpend(database: SqlDatabase): SpendStore {
  const { addSpend, spentNow, spentLocked, held, deleteExpired, insert, lower, renew, release } =
    spendStatements(database);
  const usd = (outcome: Outcome) => Number(outcome.rows[0]?.usd ?? 0);
  return {
    async add(owner, day, amount) {
      await database.write(addSpend({ owner, day, usd: amount }));
    },

    async spentOn(owner, day) {
      return usd(await database.read(spentNow({ owner, day })));
    },

    reserve(owner, { id, day, usd: amount, expiresAt }, budgetUsd, now) {
      return database.transaction(function* () {
        if (database.dialect === "postgres") yield addSpend({ owner, day, usd: 0 });
        yield deleteExpired({ owner, now });
        const spentUsd = usd(yield spentLocked({ owner, day }));
        const heldUsd = usd(yield held({ owner, day, now }));
        if (!fitsBudget(spentUsd, heldUsd, amount, budgetUsd)) return { reserved: false, spentUsd, heldUsd };
        yield insert({ id, owner, day, usd: amount, expiresAt });
        return { reserved: true };
      });
    },

    async charge(owner, id, day, amount) {
      await database.transaction(function* () {
        yield addSpend({ owner, day, usd: amount });
        yield lower({ owner, id, usd: amount });
      });
    },

    async renew(owner, id, expiresAt) {
      return changedAny(await database.write(renew({ owner, id, expiresAt })));
    },

    async release(owner, id) {
      await database.write(release({ owner, id }));
    },

    async heldOn(owner, day, now) {
      return usd(await database.read(held({ owner, day, now })));
    },
  };
}
