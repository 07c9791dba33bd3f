// An evaluation run's cost cap as held in the store: a call whose worst case does not fit waits while
// the run's other calls hold part of the cap, and gets its turn when one lets go; with nothing of its own
// held it stops the run, saying what is left; a hold left by a killed process (another budget on the
// same run that never let go) is waited out once, for its lease, before the call decides.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { openRunBudget } from "../../src/application/evaluation/run-budget.ts";
import { EvaluationBudgetStop } from "../../src/evaluation/run/evaluation-calls.ts";
import { openSqliteStore } from "../../src/store/sqlite/open-sqlite-store.ts";

/** A store, a clock the test moves, and budgets of run `run-1` capped at `maxCostUsd`. */
function world(maxCostUsd: number) {
  const store = openSqliteStore(":memory:");
  let now = Date.UTC(2026, 0, 1);
  const waits: number[] = [];
  const open = () =>
    openRunBudget({
      spend: store.spend,
      runId: "run-1",
      maxCostUsd,
      clock: () => new Date(now),
      leaseMs: 30_000,
      wait: async (ms) => {
        waits.push(ms);
        now += ms + 1;
      },
    });
  return { store, open, waits };
}

describe("an evaluation run's cost cap", () => {
  it("lets a call wait for the run's other calls to let go, and counts what each cost", async () => {
    const { open } = world(1);
    const budget = await open();
    const first = budget.call();
    await first.reserve(0.6);
    const second = budget.call();
    let reserved = false;
    const waiting = second.reserve(0.6).then(() => {
      reserved = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(reserved, false, "$0.60 + $0.60 does not fit under $1 at once");
    await first.settle(0.1);
    await waiting;
    assert.equal(reserved, true);
    await second.settle(0.2);
    assert.ok(Math.abs(budget.spentUsd() - 0.3) < 1e-12);
    // A later process of the same run starts from what was spent.
    assert.ok(Math.abs((await open()).spentUsd() - 0.3) < 1e-12);
  });

  it("stops the run when a call does not fit with nothing of its own held, saying what is left", async () => {
    const { open, waits } = world(0.5);
    const budget = await open();
    const call = budget.call();
    await call.reserve(0.3);
    await call.settle(0.3);
    await assert.rejects(
      budget.call().reserve(0.3),
      (error: Error) =>
        error instanceof EvaluationBudgetStop &&
        /may cost up to \$0\.3 .* only \$0\.2 of the run's cap of \$0\.5 is left \(\$0\.3 spent\)/.test(
          error.message,
        ),
    );
    assert.deepEqual(waits, []);
  });

  it("waits once for the lease of a hold a killed process left, then goes on", async () => {
    const { open, waits } = world(1);
    // The killed process reserved and never let go (its renewal is stopped at the end, as a kill would).
    const killed = (await open()).call();
    await killed.reserve(0.8);
    const budget = await open();
    const call = budget.call();
    await call.reserve(0.5);
    assert.deepEqual(waits, [30_000]);
    await call.settle(0.1);
    assert.ok(Math.abs(budget.spentUsd() - 0.1) < 1e-12);
    await killed.settle(undefined);
  });
});
