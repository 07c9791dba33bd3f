// `npm run bench -- --council`: what the council modes cost in wall time, in one run on one node
// (SQLite): 100 consultations at once, every model call with its own latency drawn from
// 200-1,500 ms, plain, with `review: true`, and with `rounds: 2`. Each is reported as wall time over
// its critical path, which now holds the review stage or the second round: the slowest opinion, the
// slowest review or revision, then the synthesis. A ratio near the plain one means the stage costs
// one slowest call and nothing more.

import { rmSync } from "node:fs";
import { serverEnvironment } from "../test/e2e/support/server-environment.ts";
import { progress, startProduct, startSimulator, stopProcess } from "./bench-process.ts";
import { ConsultationLoad, type ConsultationShape, latencyDraw, type Target } from "./consultation-load.ts";

const concurrency = 100;
const shapes: { name: string; shape: ConsultationShape }[] = [
  { name: "plain (opinions, synthesis)", shape: { arguments: {}, stages: 1 } },
  { name: "review: true", shape: { arguments: { review: true }, stages: 2 } },
  { name: "rounds: 2", shape: { arguments: { rounds: 2 }, stages: 2 } },
];

/** Measures each shape on one node, in turn, and prints wall over critical path for each. */
export async function runCouncilComparison(): Promise<void> {
  const simulator = await startSimulator();
  const load = new ConsultationLoad();
  const prepared = await serverEnvironment(simulator.url, { maxRetries: 2, modelDeadlineMs: 30_000 });
  const product = await startProduct({ ...prepared.environment, DATABASE_URL: prepared.databasePath });
  const target: Target = { name: "1 node, SQLite", endpoints: [new URL(product.url)] };
  try {
    await simulator.behave({ latencyFromPrompt: true });
    progress("warming up");
    await load.batch(target, concurrency, latencyDraw(), {
      arguments: { review: true, rounds: 2 },
      stages: 3,
    });
    const results: { name: string; ratio: number }[] = [];
    for (const { name, shape } of shapes) {
      progress(`${name}: ${concurrency} at once, latencies of 200-1,500 ms`);
      results.push({
        name,
        ratio: await load.wallOverCriticalPath(target, concurrency, latencyDraw(), shape),
      });
    }
    progress(`done${load.resentNote}`);
    console.log(`\nwall time over critical path, ${concurrency} concurrent consultations, one node:\n`);
    console.log("| consultation | wall / critical path |");
    console.log("| --- | ---: |");
    for (const result of results) console.log(`| ${result.name} | ${result.ratio.toFixed(3)} |`);
  } finally {
    load.close();
    await stopProcess(product.child);
    await simulator.stop();
    rmSync(prepared.directory, { recursive: true, force: true });
  }
}
