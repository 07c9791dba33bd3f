// The call tracker (src/http/call-tracker.ts) tells the memory release when calls start and when the
// last running one has ended, so the server gives back a burst's memory only once every call is done.

import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { test } from "node:test";
import { createCallTracker } from "../../src/http/call-tracker.ts";

test("the memory release hears of the first call starting and of the last one ending", () => {
  const heard: string[] = [];
  const tracker = createCallTracker({
    callStarted: () => heard.push("started"),
    callsEnded: () => heard.push("ended"),
  });
  const step = tracker.counting();
  const handle = (request: IncomingMessage, response: ServerResponse) =>
    step({ request, response, url: new URL("http://localhost/mcp"), parts: [] }, async () => undefined);
  const responses = [new EventEmitter(), new EventEmitter(), new EventEmitter()];
  for (const response of responses) handle({} as IncomingMessage, response as unknown as ServerResponse);
  assert.deepEqual(heard, ["started"], "once for a burst, not per call");
  responses[0]?.emit("close");
  responses[1]?.emit("close");
  assert.deepEqual(heard, ["started"], "not while a call still runs");
  responses[2]?.emit("close");
  assert.deepEqual(heard, ["started", "ended"]);
  const next = new EventEmitter();
  handle({} as IncomingMessage, next as unknown as ServerResponse);
  next.emit("close");
  assert.deepEqual(heard, ["started", "ended", "started", "ended"]);
});
