// Contract suite of the request-counters port, for every backend that keeps counts (SQLite, PostgreSQL,
// Redis): requests are counted up to the limit and refused after it, per user and per window; a count
// can be taken back; handles on the same database (two processes, two nodes) share the counts, and
// counts made at once never pass the limit together; a backend that is gone fails every call as
// store_unavailable, so nothing is admitted that was not counted.

import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";
import type { CounterWindow, RequestCounterStore } from "../../../src/store/request-counters.ts";
import { StoreUnavailableError } from "../../../src/store/store.ts";

/** One open handle on a place where counts are kept. */
export interface CounterHandle {
  counters: RequestCounterStore;
  close(): Promise<void>;
}

/** A fresh place where counts are kept (a database, a Redis), empty. */
export interface CounterPlace {
  /** Opens one more handle on the place, with a connection of its own. */
  open(): Promise<CounterHandle>;
  /** Takes the place away from the handles already open (a server gone, a lock never let go). */
  breakDown(): Promise<void>;
  /** Lets go of the place once its handles are closed. */
  dispose(): Promise<void>;
}

const hour: CounterWindow = { name: "hour", seconds: 3600 };
const day: CounterWindow = { name: "day", seconds: 86_400 };

/** Registers the suite as `${name} request counters contract`; `newPlace` makes a fresh place per case. */
export function runRequestCounterContract(name: string, newPlace: () => Promise<CounterPlace>): void {
  describe(`${name} requestCounters contract`, () => {
    const opened: CounterHandle[] = [];
    const places: CounterPlace[] = [];
    const place = async () => {
      const made = await newPlace();
      places.push(made);
      return made;
    };
    const open = async (where: CounterPlace) => {
      const handle = await where.open();
      opened.push(handle);
      return handle.counters;
    };
    afterEach(async () => {
      for (const handle of opened.splice(0)) await handle.close();
      for (const made of places.splice(0)) await made.dispose();
    });

    it("counts up to the limit, then refuses until the window starts again", async () => {
      const counters = await open(await place());
      for (let request = 0; request < 3; request++) {
        assert.deepEqual(await counters.count("ann", hour, 3), { counted: true });
      }
      const refused = await counters.count("ann", hour, 3);
      assert.equal(refused.counted, false);
      if (!refused.counted) assert.ok(refused.msBeforeReset > 0 && refused.msBeforeReset <= 3_600_000);
      assert.equal((await counters.count("ann", hour, 3)).counted, false, "still refused");
    });

    it("counts users and windows apart, and reads each count with its reset", async () => {
      const counters = await open(await place());
      assert.equal(await counters.read("ann", hour), undefined);
      await counters.count("ann", hour, 10);
      await counters.count("ann", hour, 10);
      await counters.count("ann", day, 10);
      await counters.count("bob", hour, 10);
      const annHour = await counters.read("ann", hour);
      assert.equal(annHour?.used, 2);
      assert.ok(annHour && annHour.msBeforeReset > 0 && annHour.msBeforeReset <= 3_600_000);
      const annDay = await counters.read("ann", day);
      assert.equal(annDay?.used, 1);
      assert.ok(annDay && annDay.msBeforeReset > 3_600_000 && annDay.msBeforeReset <= 86_400_000);
      assert.equal((await counters.read("bob", hour))?.used, 1);
      assert.equal(await counters.read("bob", day), undefined);
      assert.equal((await counters.count("bob", hour, 1)).counted, false, "bob's one request is his limit");
    });

    it("takes a counted request back", async () => {
      const counters = await open(await place());
      await counters.count("ann", hour, 2);
      await counters.count("ann", hour, 2);
      await counters.uncount("ann", hour);
      assert.equal((await counters.read("ann", hour))?.used, 1);
      assert.deepEqual(await counters.count("ann", hour, 2), { counted: true });
      assert.equal((await counters.count("ann", hour, 2)).counted, false);
    });

    it("shares the counts between handles on the same place", async () => {
      const shared = await place();
      const [first, second] = [await open(shared), await open(shared)];
      assert.deepEqual(await first.count("ann", hour, 3), { counted: true });
      assert.deepEqual(await second.count("ann", hour, 3), { counted: true });
      assert.deepEqual(await first.count("ann", hour, 3), { counted: true });
      assert.equal((await second.count("ann", hour, 3)).counted, false);
      assert.equal((await second.read("ann", hour))?.used, 4, "the refused request is seen too");
      assert.equal((await first.read("bob", hour)) ?? "none", "none");
    });

    it("admits no more than the limit of counts made at once on several handles", async () => {
      const shared = await place();
      const handles = [await open(shared), await open(shared), await open(shared)];
      const outcomes = await Promise.all(
        Array.from({ length: 30 }, (_, index) => handles[index % handles.length]?.count("ann", hour, 7)),
      );
      assert.equal(outcomes.filter((outcome) => outcome?.counted).length, 7);
    });

    it("fails counts as store_unavailable once its place is gone, admitting nothing", async () => {
      const lost = await place();
      const counters = await open(lost);
      await counters.count("ann", hour, 5);
      await lost.breakDown();
      const unavailable = (error: unknown) => {
        assert.ok(error instanceof StoreUnavailableError, `not store_unavailable: ${error}`);
        assert.equal(error.code, "store_unavailable");
        const where = counters.location.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        assert.match(error.message, new RegExp(where, "i"), "the message names where the counts are kept");
        return true;
      };
      await assert.rejects(counters.count("ann", hour, 5), unavailable);
      await assert.rejects(counters.count("bob", hour, 5), unavailable);
      await assert.rejects(counters.uncount("ann", hour), unavailable);
    });
  });
}
