// A node:test reporter for test/run-tests.ts: one line per test file, `<seconds>\t<file>`, how long the
// file's tests took (its top-level tests and suites, hooks included), so a run can show its slowest files.

import type { TestEvent } from "node:test/reporters";

/** Reads the run's events; writes each file's time once the run ends. */
export default async function* fileTimes(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const seconds = new Map<string, number>();
  for await (const event of source) {
    if (event.type !== "test:complete" || event.data.nesting !== 0 || event.data.file === undefined) continue;
    const { file, details } = event.data;
    seconds.set(file, (seconds.get(file) ?? 0) + details.duration_ms / 1000);
  }
  for (const [file, time] of seconds) yield `${time.toFixed(1)}\t${file}\n`;
}
