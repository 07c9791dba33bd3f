// The contract suites every store backend must pass, one per port. A backend's test file calls
// runStoreContract with a function that opens a fresh, empty store; each case gets its own store and
// closes it afterwards. The request-counters port has a suite of its own (contract/request-counter-
// cases.ts), since Redis serves it too and its cases need several handles on one place.

import { afterEach, beforeEach, describe } from "node:test";
import type { Store } from "../../src/store/store.ts";
import { describeAccountCases } from "./contract/account-cases.ts";
import { describeBroadcastCases } from "./contract/broadcast-cases.ts";
import { describeConversationCases } from "./contract/conversations/listing-cases.ts";
import { describeMessageCases } from "./contract/conversations/message-cases.ts";
import { describeSearchCases } from "./contract/conversations/search-cases.ts";
import { describeTurnCases } from "./contract/conversations/turn-cases.ts";
import { describeEvaluationCases } from "./contract/evaluation-cases.ts";
import { describeIdempotencyCases } from "./contract/idempotency-cases.ts";
import { describeModelLatencyCases } from "./contract/model-latency-cases.ts";
import { describeSpendCases } from "./contract/spend-cases.ts";
import { describeStoreCases } from "./contract/store-cases.ts";
import { describeStreamEventCases } from "./contract/stream-event-cases.ts";
import { describeTaskCases } from "./contract/task-cases.ts";
import { describeWebSessionCases } from "./contract/web-session-cases.ts";

/** The cases of each port (and of the store as a whole), against the store a case opened. */
const suites: Record<string, ((current: () => Store) => void)[]> = {
  store: [describeStoreCases],
  conversations: [describeTurnCases, describeMessageCases, describeConversationCases, describeSearchCases],
  idempotency: [describeIdempotencyCases],
  accounts: [describeAccountCases],
  spend: [describeSpendCases],
  tasks: [describeTaskCases],
  streamEvents: [describeStreamEventCases],
  webSessions: [describeWebSessionCases],
  broadcast: [describeBroadcastCases],
  modelLatencies: [describeModelLatencyCases],
  evaluations: [describeEvaluationCases],
};

/**
 * Registers the contract as node:test suites named `${name} ${port} contract`. `openStore` must
 * resolve to a store holding no data, a new one on every call.
 */
export function runStoreContract(name: string, openStore: () => Promise<Store>): void {
  for (const [port, cases] of Object.entries(suites)) {
    describe(`${name} ${port} contract`, () => {
      let store: Store | undefined;
      beforeEach(async () => {
        store = await openStore();
      });
      afterEach(async () => {
        await store?.close();
        store = undefined;
      });
      const currentStore = (): Store => {
        if (store === undefined) throw new Error("The contract store is not open.");
        return store;
      };
      for (const register of cases) register(currentStore);
    });
  }
}
