// The memory release (src/runtime/memory-release.ts): after a burst of calls, once none has run for a
// moment, one collection gives back what the burst took; nothing is collected while calls run, nor
// when the process has not grown. Timers are node:test's mock timers, so nothing here waits for time.

import assert from "node:assert/strict";
import { test } from "node:test";
import { collectAndRelease, createMemoryRelease, defaultIdleMs } from "../../src/runtime/memory-release.ts";

const megabyte = 1024 * 1024;

/** A release over a resident size the test sets, counting its collections (each leaves 100 MB). */
function releaseOver(startMb: number) {
  let residentMb = startMb;
  let collections = 0;
  const release = createMemoryRelease({
    idleMs: 1000,
    growthBytes: 64 * megabyte,
    residentBytes: () => residentMb * megabyte,
    collect: () => {
      collections += 1;
      residentMb = 100;
    },
  });
  return {
    release,
    grow: (mb: number) => {
      residentMb = mb;
    },
    collections: () => collections,
  };
}

test("after a burst, once no call has run for the idle time, one collection runs", (context) => {
  context.mock.timers.enable({ apis: ["setTimeout"] });
  const subject = releaseOver(100);
  subject.release.callStarted();
  subject.grow(700);
  subject.release.callsEnded();
  context.mock.timers.tick(999);
  assert.equal(subject.collections(), 0, "not before the idle time has passed");
  context.mock.timers.tick(1);
  assert.equal(subject.collections(), 1);
  context.mock.timers.tick(60_000);
  assert.equal(subject.collections(), 1, "once per burst, not over and over");
});

test("a call that starts within the idle time puts the collection off until the calls end again", (context) => {
  context.mock.timers.enable({ apis: ["setTimeout"] });
  const subject = releaseOver(100);
  subject.grow(700);
  subject.release.callsEnded();
  context.mock.timers.tick(500);
  subject.release.callStarted();
  context.mock.timers.tick(10_000);
  assert.equal(subject.collections(), 0, "never while a call runs");
  subject.release.callsEnded();
  context.mock.timers.tick(1000);
  assert.equal(subject.collections(), 1);
});

test("no collection when the process has not grown since the last one", (context) => {
  context.mock.timers.enable({ apis: ["setTimeout"] });
  const subject = releaseOver(100);
  subject.grow(150);
  subject.release.callsEnded();
  context.mock.timers.tick(1000);
  assert.equal(subject.collections(), 0, "50 MB of growth is under the 64 MB that makes it worth one");
  subject.grow(700);
  subject.release.callsEnded();
  context.mock.timers.tick(1000);
  assert.equal(subject.collections(), 1);
  subject.grow(120);
  subject.release.callsEnded();
  context.mock.timers.tick(1000);
  assert.equal(subject.collections(), 1, "growth is counted from what the last collection left");
});

test("the collection gives the heap's free pages back to the system", () => {
  let garbage: unknown[] | undefined = [];
  for (let index = 0; index < 600_000; index++) garbage.push({ index, text: `text ${index}` });
  garbage = undefined;
  const before = process.memoryUsage.rss();
  collectAndRelease();
  const after = process.memoryUsage.rss();
  assert.ok(after < before - 20 * megabyte, `resident ${before} bytes, ${after} after the collection`);
});

test("by default the release waits for 30 s of quiet, so bursts seconds apart never pay for it", (context) => {
  context.mock.timers.enable({ apis: ["setTimeout"] });
  assert.equal(defaultIdleMs, 30_000);
  let collections = 0;
  let residentMb = 100;
  const release = createMemoryRelease({
    residentBytes: () => residentMb * megabyte,
    collect: () => {
      collections += 1;
    },
  });
  for (let burst = 0; burst < 3; burst++) {
    release.callStarted();
    residentMb += 300;
    release.callsEnded();
    context.mock.timers.tick(20_000);
  }
  assert.equal(collections, 0, "no release between bursts twenty seconds apart");
  context.mock.timers.tick(10_000);
  assert.equal(collections, 1, "one release once the process has been quiet for 30 s");
});
