// Admission against the tiers, on a real SQLite store: the hour's and the day's request limits with
// their retry times, a request refused by the day not using up the hour, limits that reset when the
// window has passed, counters that survive reopening the database, requests that cannot be counted
// (the database locked by another program) refused rather than counted in memory, the daily budget,
// and each call's reservation of its worst case against it: made at once for calls arriving together,
// charged with the actual cost, let go at the end, and kept alive while the call runs.

import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { describe, it, mock } from "node:test";
import { fileURLToPath } from "node:url";
import { createAdmission } from "../../src/application/limits/admission.ts";
import type { Tier } from "../../src/configuration/access.ts";
import type { ServiceError } from "../../src/contract/service-error.ts";
import { openSqliteStore } from "../../src/store/sqlite/open-sqlite-store.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const tier = (limits: Partial<Tier>): Tier => ({
  requestsPerHour: null,
  requestsPerDay: null,
  dailyBudgetUsd: null,
  unpricedModels: "allow",
  ...limits,
});
const tiers = {
  hourly: tier({ requestsPerHour: 2 }),
  daily: tier({ requestsPerHour: 5, requestsPerDay: 3 }),
  budgeted: tier({ dailyBudgetUsd: 0.5 }),
};
const refusedWith = (code: string) => (error: ServiceError) => {
  assert.equal(error.code, code);
  return true;
};
const newFile = () => join(temporaryDirectory("admission"), "limits.db");

/** Holds the database's write lock from another process (as a backup would) until released. */
async function holdLock(path: string): Promise<{ release: () => Promise<void> }> {
  const holder = fileURLToPath(new URL("../store/lock-holder.ts", import.meta.url));
  const child: ChildProcess = spawn(process.execPath, [holder, path], { stdio: ["pipe", "pipe", "inherit"] });
  await once(child.stdout as NodeJS.ReadableStream, "data");
  return {
    async release() {
      child.stdin?.end();
      await once(child, "exit");
    },
  };
}

describe("admission", () => {
  it("refuses the request over the hour's limit with the limit and when to retry, and resets after the hour", async () => {
    mock.timers.enable({ apis: ["Date"], now: Date.parse("2026-11-30T10:00:00Z") });
    try {
      const store = openSqliteStore(":memory:");
      const admission = createAdmission(store, tiers, () => new Date());
      const ann = { userId: "ann", tier: "hourly" };
      await admission.admit(ann);
      await admission.admit(ann);
      await assert.rejects(admission.admit(ann), (error: ServiceError) => {
        assert.equal(error.code, "rate_limited");
        assert.equal(error.details?.limit, 2);
        assert.equal(error.details?.window, "hour");
        assert.equal(error.details?.retryAt, "2026-11-30T11:00:00.000Z");
        assert.equal(error.details?.retryAfterSeconds, 3600);
        return true;
      });
      await admission.admit({ userId: "bob", tier: "hourly" });
      mock.timers.tick(3_600_001);
      await admission.admit(ann);
      const usage = await admission.usage(ann);
      assert.deepEqual(usage.requests.hour.limit, 2);
      assert.equal(usage.requests.hour.used, 1);
    } finally {
      mock.timers.reset();
    }
  });

  it("does not use up the hour when the day refuses, and resets the day after a day", async () => {
    mock.timers.enable({ apis: ["Date"], now: Date.parse("2026-11-30T10:00:00Z") });
    try {
      const store = openSqliteStore(":memory:");
      const admission = createAdmission(store, tiers, () => new Date());
      const ann = { userId: "ann", tier: "daily" };
      for (let request = 0; request < 3; request++) await admission.admit(ann);
      await assert.rejects(admission.admit(ann), (error: ServiceError) => {
        assert.equal(error.details?.window, "day");
        return true;
      });
      assert.equal((await admission.usage(ann)).requests.hour.used, 3);
      mock.timers.tick(86_400_001);
      await admission.admit(ann);
    } finally {
      mock.timers.reset();
    }
  });

  it("keeps its counts in the database: reopening it does not reset them", async () => {
    const file = newFile();
    const ann = { userId: "ann", tier: "hourly" };
    const first = openSqliteStore(file);
    await createAdmission(first, tiers, () => new Date()).admit(ann);
    await createAdmission(first, tiers, () => new Date()).admit(ann);
    await first.close();
    const reopened = openSqliteStore(file);
    await assert.rejects(
      createAdmission(reopened, tiers, () => new Date()).admit(ann),
      refusedWith("rate_limited"),
    );
    await reopened.close();
  });

  it("refuses a request it cannot count while another program holds the database, never counting it in memory", async () => {
    const file = newFile();
    const store = openSqliteStore(file, { busyWaitMs: 200 });
    const admission = createAdmission(store, tiers, () => new Date());
    const ann = { userId: "ann", tier: "hourly" };
    const lock = await holdLock(file);
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        await assert.rejects(admission.admit(ann), (error: ServiceError) => {
          assert.equal(error.code, "store_unavailable");
          assert.match(
            error.message,
            /^Your request was not run: it could not be counted .*\(hourly\).*locked by another program/,
          );
          assert.equal(error.details?.retryAfterSeconds, 5);
          return true;
        });
      }
    } finally {
      await lock.release();
    }
    await admission.admit(ann);
    await admission.admit(ann);
    await assert.rejects(admission.admit(ann), refusedWith("rate_limited"));
    await store.close();
  });

  it("waits for a lock let go within the wait, and counts the request in the database", async () => {
    const file = newFile();
    const store = openSqliteStore(file, { busyWaitMs: 10_000 });
    const admission = createAdmission(store, tiers, () => new Date());
    const ann = { userId: "ann", tier: "hourly" };
    const lock = await holdLock(file);
    const admitted = admission.admit(ann);
    await lock.release();
    await admitted;
    // Counted in the database: another process on the file sees it.
    const other = openSqliteStore(file);
    assert.equal((await createAdmission(other, tiers, () => new Date()).usage(ann)).requests.hour.used, 1);
    await other.close();
    assert.equal((await admission.usage(ann)).requests.hour.used, 1);
    await store.close();
  });

  it("refuses once the day's budget is spent, until the next UTC midnight", async () => {
    let now = new Date("2026-11-30T22:00:00Z");
    const store = openSqliteStore(":memory:");
    const admission = createAdmission(store, tiers, () => now);
    const ann = { userId: "ann", tier: "budgeted" };
    await admission.admit(ann);
    await admission.recordSpend(ann, 0.3);
    await admission.admit(ann);
    await admission.recordSpend(ann, 0.3);
    await assert.rejects(admission.admit(ann), (error: ServiceError) => {
      assert.equal(error.code, "budget_exhausted");
      assert.equal(error.details?.retryAt, "2026-12-01T00:00:00.000Z");
      assert.equal(error.details?.retryAfterSeconds, 7200);
      return true;
    });
    assert.equal((await admission.usage(ann)).spend.todayUsd, 0.6);
    now = new Date("2026-12-01T00:00:01Z");
    await admission.admit(ann);
  });

  it("treats an unknown tier name as the user tier", async () => {
    const store = openSqliteStore(":memory:");
    const admission = createAdmission(store, { user: tier({ requestsPerHour: 1 }) }, () => new Date());
    assert.equal(admission.tierOf({ userId: "x", tier: "gold" }).requestsPerHour, 1);
  });

  it("reserves the worst case of calls arriving together at once, refusing those that do not fit with the estimate and what is left", async () => {
    const now = new Date("2026-11-30T22:00:00Z");
    const store = openSqliteStore(":memory:");
    const admission = createAdmission(store, tiers, () => now);
    const ann = { userId: "ann", tier: "budgeted" };
    const calls = Array.from({ length: 6 }, () => admission.callBudget(ann));
    const outcomes = await Promise.allSettled(calls.map((call) => call.reserve(0.2)));
    assert.equal(outcomes.filter((outcome) => outcome.status === "fulfilled").length, 2);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
    assert.equal(refusals.length, 4);
    for (const refusal of refusals as ServiceError[]) {
      assert.equal(refusal.code, "budget_exhausted");
      assert.equal(
        refusal.message,
        "This call may cost up to $0.2 (its worst case: every model asked writing its whole output cap), but only $0.1 of your tier's (budgeted) daily budget of $0.5 is left today ($0 spent, $0.4 held by your calls still running). Ask fewer models (a lower maxOpinions or a smaller panel), set maxCostUsd to $0.1 or less so the dearest models are left out, choose models with a lower maxOutputTokens, wait for your running calls to finish or for the budget to reset at 2026-12-01T00:00:00.000Z, or ask for a tier with a larger daily budget.",
      );
      assert.deepEqual(refusal.details, {
        dailyBudgetUsd: 0.5,
        spentUsd: 0,
        heldUsd: 0.4,
        remainingUsd: 0.1,
        estimatedCostUsd: 0.2,
        retryAt: "2026-12-01T00:00:00.000Z",
        retryAfterSeconds: 7200,
      });
    }
    await Promise.all(calls.map((call) => call.end()));
  });

  it("charges a call's actual cost out of its reservation and lets go of the rest when it ends", async () => {
    const now = new Date("2026-11-30T10:00:00Z");
    const store = openSqliteStore(":memory:");
    const admission = createAdmission(store, tiers, () => now);
    const ann = { userId: "ann", tier: "budgeted" };
    const first = admission.callBudget(ann);
    await first.reserve(0.4);
    await assert.rejects(admission.callBudget(ann).reserve(0.2), refusedWith("budget_exhausted"));
    await first.charge(0.05);
    await first.charge(0.05);
    assert.equal(await store.spend.heldOn("ann", "2026-11-30", now.getTime()), 0.30000000000000004);
    await first.end();
    await first.end();
    assert.equal(await store.spend.heldOn("ann", "2026-11-30", now.getTime()), 0);
    assert.equal((await admission.usage(ann)).spend.todayUsd, 0.1);
    await admission.callBudget(ann).reserve(0.4);
    // A tier without a budget holds nothing, and its spend is still recorded.
    const admin = { userId: "root", tier: "hourly" };
    const unlimited = admission.callBudget(admin);
    await unlimited.reserve(1000);
    await unlimited.charge(0.3);
    await unlimited.end();
    assert.equal((await admission.usage(admin)).spend.todayUsd, 0.3);
  });

  it("keeps a running call's reservation past its lease by renewing it, and holds nothing once it ends", async () => {
    mock.timers.enable({ apis: ["Date", "setInterval"], now: Date.parse("2026-11-30T10:00:00Z") });
    try {
      const store = openSqliteStore(":memory:");
      const admission = createAdmission(store, tiers, () => new Date(), {
        reservationLeaseMs: 90_000,
      });
      const ann = { userId: "ann", tier: "budgeted" };
      const call = admission.callBudget(ann);
      await call.reserve(0.4);
      for (let step = 0; step < 8; step++) {
        mock.timers.tick(30_000);
        await new Promise((resolve) => setImmediate(resolve));
      }
      // Four minutes on, well past its lease, the call still holds its worst case.
      assert.equal(await store.spend.heldOn("ann", "2026-11-30", Date.now()), 0.4);
      await assert.rejects(admission.callBudget(ann).reserve(0.2), refusedWith("budget_exhausted"));
      await call.end();
      assert.equal(await store.spend.heldOn("ann", "2026-11-30", Date.now()), 0);
    } finally {
      mock.timers.reset();
    }
  });
});
