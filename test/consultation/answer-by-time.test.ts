// The signal a panel's model calls run on: it follows the caller's until the answer is given, then the
// turn's late signal, and lets go of each signal once nothing it could stop still runs (a signal made by
// AbortSignal.any is kept alive by Node while it has listeners, and would keep the whole call with it).

import assert from "node:assert/strict";
import { getEventListeners } from "node:events";
import { describe, it } from "node:test";
import { detachable } from "../../src/consultation/council/answer-by-time.ts";

describe("a panel's detachable signal", () => {
  it("stops the late calls on the late signal, and lets go of it once they have ended", async () => {
    const caller = new AbortController();
    const late = new AbortController();
    const lateSignal = AbortSignal.any([late.signal]);
    const calling = detachable(caller.signal, lateSignal);
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
    const calling = detachable(new AbortController().signal, late.signal);
    calling.detach(new Promise(() => {}));
    late.abort(new Error("server stopping"));
    assert.equal(calling.signal.aborted, true);
  });
});
