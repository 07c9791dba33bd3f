// The behaviour every Store backend must have. A backend's test file calls runStoreContract with a
// function that opens a fresh, empty store; each case gets its own store and closes it afterwards.

import { afterEach, beforeEach, describe } from "node:test";
import type { Store } from "../../src/store/store.ts";
import { describeBroadcastCases } from "./contract/broadcast-cases.ts";
import { describeConversationCases } from "./contract/conversation-cases.ts";
import { describeLatencyCases } from "./contract/latency-cases.ts";
import { describeMessageCases } from "./contract/message-cases.ts";
import { describeSearchCases } from "./contract/search-cases.ts";
import { describeSpendReservationCases } from "./contract/spend-reservation-cases.ts";
import { describeStreamEventCases } from "./contract/stream-event-cases.ts";
import { describeTurnCases } from "./contract/turn-cases.ts";
import { describeWebSessionCases } from "./contract/web-session-cases.ts";

/**
 * Registers the store contract as node:test suites named after `name`. `openStore` must resolve to
 * a store holding no data, a new one on every call.
 */
export function runStoreContract(name: string, openStore: () => Promise<Store>): void {
  describe(`${name} store contract`, () => {
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
    describeTurnCases(currentStore);
    describeMessageCases(currentStore);
    describeConversationCases(currentStore);
    describeSearchCases(currentStore);
    describeBroadcastCases(currentStore);
    describeLatencyCases(currentStore);
    describeStreamEventCases(currentStore);
    describeSpendReservationCases(currentStore);
    describeWebSessionCases(currentStore);
  });
}
