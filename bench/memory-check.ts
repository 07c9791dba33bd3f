// `npm run bench -- --memory`: the product alone, for iterating on issue 29's memory aims: its CPU per
// consultation and throughput (300 at once, zero-latency providers, as in the floor comparison), its wall
// time over the critical path at 100 at once (latencies of 200-1,500 ms, as there), then resident memory
// with 1,000 in flight (providers answering after 2 s), its make-up at the peak (V8's heap, memory
// outside it) and as the burst ended (by kind of mapping, resident-make-up.ts), and after they answered
// (`afterBurstMs`). No floor: the ratios come from `npm run bench`.
// `AI_UNIVERSE_MEMORY=fast` measures the fast memory profile (lean, the default, otherwise).
// `BENCH_NODE_OPTIONS` adds Node options to the product (e.g. "--max-semi-space-size=4"), here and in
// every mode of `npm run bench`.

import { defaultMemoryProfile, memoryVariable } from "../src/runtime/serve-node-options.ts";
import { serverEnvironment } from "../test/e2e/support/server-environment.ts";
import {
  afterBurstLabel,
  afterBurstMs,
  ask,
  median,
  progress,
  startProduct,
  startSimulator,
  stopProcess,
} from "./bench-process.ts";
import { ConsultationLoad, latencyDraw } from "./consultation-load.ts";
import type { ResidentMakeUp } from "./resident-make-up.ts";

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Resident memory by kind: V8's heap is counted among the anonymous mappings, and shown apart from them. */
function makeUpLine(usage: NodeJS.MemoryUsage, makeUp: ResidentMakeUp): string {
  const outsideHeap = Math.max(0, makeUp.anonymous - usage.heapTotal);
  return [
    `resident ${megabytes(usage.rss)}`,
    `V8's heap ${megabytes(usage.heapTotal)}`,
    `malloc's heap ${megabytes(makeUp.malloc)}`,
    `other anonymous ${megabytes(outsideHeap)}`,
    `the node binary ${megabytes(makeUp.binary)}`,
    `other files ${megabytes(makeUp.other)}`,
  ].join(", ");
}

/** Measures the product and prints its CPU, throughput and resident memory. */
export async function runMemoryCheck(): Promise<void> {
  const simulator = await startSimulator();
  const load = new ConsultationLoad();
  const { environment } = await serverEnvironment(simulator.url, { maxRetries: 0, modelDeadlineMs: 30_000 });
  const options = process.env.BENCH_NODE_OPTIONS;
  const profile = process.env[memoryVariable] || defaultMemoryProfile;
  const product = await startProduct({ ...environment, [memoryVariable]: profile }).catch(
    async (error: Error) => {
      await simulator.stop();
      throw new Error(`the product did not start: ${error.message}`);
    },
  );
  const subject = { name: "ai-universe", child: product.child, endpoints: [new URL(product.url)] };
  try {
    progress(`ai-universe, ${profile}${options ? ` (${options})` : ""}: zero-latency providers, 300 at once`);
    await simulator.behave({});
    for (let round = 0; round < 3; round++) await load.batch(subject, 300);
    const cpu: number[] = [];
    const perSecond: number[] = [];
    for (let round = 0; round < 5; round++) {
      product.child.send({ type: "start" });
      const { wallMs } = await load.batch(subject, 300);
      const used = await ask<{ cpuMs: number }>(product.child, { type: "stop" }, "measurement");
      cpu.push(used.cpuMs / 300);
      perSecond.push(300 / (wallMs / 1000));
    }
    progress("ai-universe: latencies of 200-1,500 ms, 100 at once");
    await simulator.behave({ latencyFromPrompt: true });
    const ratio100 = await load.wallOverCriticalPath(subject, 100, latencyDraw());
    progress("ai-universe: resident memory, 1,000 at once");
    await simulator.behave({ latencyMs: 2000 });
    product.child.send({ type: "rss-start" });
    await load.batch(subject, 1000);
    const peak = await ask<{
      peakRss: number;
      atPeak: NodeJS.MemoryUsage;
      spacesAtPeak: Record<string, number>;
      now: NodeJS.MemoryUsage;
      makeUp?: ResidentMakeUp;
    }>(product.child, { type: "rss" }, "rss");
    await new Promise((resolve) => setTimeout(resolve, afterBurstMs));
    const after = await ask<{ rss: number; now: NodeJS.MemoryUsage }>(product.child, { type: "rss" }, "rss");
    const makeUp = (usage: NodeJS.MemoryUsage) =>
      `heap total ${megabytes(usage.heapTotal)}, used ${megabytes(usage.heapUsed)}, external ${megabytes(usage.external)}`;
    console.log(`CPU ms per consultation (300 at once): ${median(cpu).toFixed(2)}`);
    console.log(`consultations per second (300 at once): ${median(perSecond).toFixed(0)}`);
    console.log(`wall / critical path, 100 concurrent: ${ratio100.toFixed(3)}`);
    console.log(`RSS, 1,000 in flight (peak): ${megabytes(peak.peakRss)} (${makeUp(peak.atPeak)})`);
    const spaces = Object.entries(peak.spacesAtPeak).filter(([, bytes]) => bytes >= 1024 * 1024);
    console.log(
      `  V8's heap spaces at the peak: ${spaces.map(([name, bytes]) => `${name} ${megabytes(bytes)}`).join(", ")}`,
    );
    if (peak.makeUp) console.log(`  as the burst ended: ${makeUpLine(peak.now, peak.makeUp)}`);
    console.log(`RSS, ${afterBurstLabel} after: ${megabytes(after.rss)} (${makeUp(after.now)})`);
  } finally {
    load.close();
    await stopProcess(product.child);
    await simulator.stop();
  }
}
