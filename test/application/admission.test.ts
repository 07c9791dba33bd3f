// Admission against the tiers, on a real SQLite store: the hour's and the day's request limits with
// their retry times, a request refused by the day not using up the hour, limits that reset when the
// window has passed, counters that survive reopening the database, and the daily budget.

import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it, mock } from "node:test";
import { createAdmission } from "../../src/application/admission.ts";
import type { Tier } from "../../src/configuration/access.ts";
import type { ServiceError } from "../../src/errors/service-error.ts";
import { openSqliteStore } from "../../src/store/sqlite/open-sqlite-store.ts";

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
    const file = join(mkdtempSync(join(tmpdir(), "ai-universe-admission-")), "limits.db");
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
});
