// Contract cases for the models' saved latencies: empty at first, saved per model, a later save
// replacing only the models it names.

import assert from "node:assert/strict";
import { it } from "node:test";
import type { Store } from "../../../src/store/store.ts";

/** Registers the latency cases against the store `current` returns. */
export function describeModelLatencyCases(current: () => Store): void {
  it("saves each model's recent latencies, a later save replacing only the models it names", async () => {
    const store = current();
    assert.deepEqual(await store.modelLatencies.read(), {});
    await store.modelLatencies.save({ alpha: [120, 340], beta: [900] });
    await store.modelLatencies.save({ alpha: [150] });
    assert.deepEqual(await store.modelLatencies.read(), { alpha: [150], beta: [900] });
  });
}
