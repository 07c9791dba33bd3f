// Worker thread for sqlite-store.test.ts: opens its own connection to a database file and appends
// question-and-answer turns to one conversation, to contend with other writers for the write lock.

import { workerData } from "node:worker_threads";
import { openSqliteStore } from "../../src/store/sqlite/open-sqlite-store.ts";
import { createClock, owner, questionAndAnswer } from "./contract/fixtures.ts";

const { path, conversationId, writer, turns } = workerData as {
  path: string;
  conversationId: string;
  writer: number;
  turns: number;
};

const store = openSqliteStore(path);
const clock = createClock(Date.UTC(2026, 1, 1) + writer * 1_000_000);
for (let turn = 0; turn < turns; turn++) {
  await store.conversations.of(owner).saveTurn({
    conversationId,
    messages: questionAndAnswer(clock, `Writer ${writer}, turn ${turn}`),
  });
}
await store.close();
