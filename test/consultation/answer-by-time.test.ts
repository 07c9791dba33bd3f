// The caller's end of a panel's model calls: their signal follows the caller's until the answer is
// given, then the turn's late signal, and lets go of each signal once nothing it could stop still runs
// (a signal made by AbortSignal.any is kept alive by Node while it has listeners, and would keep the
// whole call with it); their progress reaches the caller until the answer is given, never after.

import assert from "node:assert/strict";
import { getEventListeners } from "node:events";
import { describe, it } from "node:test";
import { detachable } from "../../src/consultation/council/answer-by-time.ts";
import type { ConsultationEvent } from "../../src/contract/progress-events.ts";

describe("the caller's end of a panel's calls", () => {
  it("stops the late calls on the late signal, and lets go of it once they have ended", async () => {
    const caller = new AbortController();
    const late = new AbortController();
    const lateSignal = AbortSignal.any([late.signal]);
    const calling = detachable({ signal: caller.signal, lateSignal });
    let end = () => {};
    const running = new Promise<void>((resolve) => {
      end = resolve;
    });
    calling.detach(running);
    caller.abort();
    assert.equal(calling.signal.aborted, false, "the caller's cancel reached a call after the answer");
    assert.equal(getEventListeners(caller.signal, "abort").length, 0);
    assert.equal(getEventListeners(lateSignal, "abort").length, 1);
    end();
    await running;
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(getEventListeners(lateSignal, "abort").length, 0, "the late signal still holds the call");
  });

  it("stops a late call when the late signal aborts before it ends", () => {
    const late = new AbortController();
    const calling = detachable({ signal: new AbortController().signal, lateSignal: late.signal });
    calling.detach(new Promise(() => {}));
    late.abort(new Error("server stopping"));
    assert.equal(calling.signal.aborted, true);
  });

  it("passes the calls' progress on to the caller until the answer is given, and none after", () => {
    const heard: ConsultationEvent[] = [];
    const calling = detachable({
      signal: new AbortController().signal,
      onEvent: (event) => heard.push(event),
    });
    calling.onEvent({ type: "review-started", reviewers: ["alpha"] });
    calling.detach(new Promise(() => {}));
    calling.onEvent({ type: "review-started", reviewers: ["beta"] });
    assert.deepEqual(heard, [{ type: "review-started", reviewers: ["alpha"] }]);
  });
});
