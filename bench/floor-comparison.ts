// `npm run bench` without arguments: the product against a floor, in one run. The floor
// (bench/floor-server.ts) is a minimal plain-Node handler doing the same traffic: one JSON-RPC parse,
// four provider calls at once plus a synthesis call, one SQLite transaction, a response of the same
// size. Both serve the same load from the same provider simulator, and both carry
// bench/process-probe.ts to report their own CPU, allocation and heap. Printed for each, and as
// product / floor:
//   - CPU and allocation per consultation and consultations per second (300 at once, zero-latency providers);
//   - wall time over the critical path (slowest opinion plus synthesis) at 100 and 1,000 concurrent,
//     every call with its own latency drawn from 200-1,500 ms;
//   - live heap per in-flight consultation (300 held open by slow providers);
//   - resident memory (RSS) at 1,000 in flight, and 5 s after they answered.
// A third subject, floor+sdk, is the floor making its provider calls through the AI SDK: what the
// SDK alone costs. Targets (against the plain floor): CPU <= 1.5x floor, throughput >= 0.85x, ratio at
// 100 within 0.05 of the floor's, heap <= 1.3x.

import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { serverEnvironment } from "../test/e2e/support/server-environment.ts";
import {
  ask,
  median,
  progress,
  type Simulator,
  startProcess,
  startProduct,
  startSimulator,
  stopProcess,
} from "./bench-process.ts";
import { ConsultationLoad, latencyDraw, type Target } from "./consultation-load.ts";
import { type FloorResult, printFloorReport } from "./floor-report.ts";

const floorScript = fileURLToPath(new URL("./floor-server.ts", import.meta.url));

/** A measured server: the load's target and the probed process behind it. */
interface Subject extends Target {
  child: ChildProcess;
}

/** CPU ms of reading the first page of 50 messages of a 60-message conversation of second opinions. */
async function historyPageCpuMs(load: ConsultationLoad, simulator: Simulator, subject: Subject) {
  await simulator.behave({});
  const first = await load.call(subject, "agent.second_opinion", { question: "History benchmark" });
  const conversationId = first.conversationId as string;
  for (let turn = 1; turn < 30; turn++) {
    await load.call(subject, "agent.second_opinion", { question: `Turn ${turn}`, conversationId });
  }
  const read = () => load.call(subject, "conversation.get-history", { conversationId, limit: 50 });
  const sample = await read();
  progress(
    `history page: ${JSON.stringify(sample).length} bytes, ${(sample.history as { messages: unknown[] } | undefined)?.messages.length} messages`,
  );
  for (let round = 0; round < 200; round++) await read();
  subject.child.send({ type: "start" });
  for (let round = 0; round < 500; round++) await read();
  const used = await ask<{ cpuMs: number }>(subject.child, { type: "stop" }, "measurement");
  return used.cpuMs / 500;
}

async function measure(load: ConsultationLoad, simulator: Simulator, subject: Subject): Promise<FloorResult> {
  progress(`${subject.name}: zero-latency providers, 300 at once`);
  await simulator.behave({});
  for (let round = 0; round < 3; round++) await load.batch(subject, 300);
  const rounds: { cpuMs: number; allocatedKb: number; perSecond: number; bytes: number }[] = [];
  for (let round = 0; round < 5; round++) {
    subject.child.send({ type: "start" });
    const { wallMs, runs } = await load.batch(subject, 300);
    const used = await ask<{ cpuMs: number; allocatedBytes: number }>(
      subject.child,
      { type: "stop" },
      "measurement",
    );
    rounds.push({
      cpuMs: used.cpuMs / 300,
      allocatedKb: used.allocatedBytes / 1024 / 300,
      perSecond: 300 / (wallMs / 1000),
      bytes: runs.reduce((sum, run) => sum + run.bytes, 0) / runs.length,
    });
  }
  progress(`${subject.name}: latencies of 200-1,500 ms, 100 and 1,000 at once`);
  await simulator.behave({ latencyFromPrompt: true });
  const draw = latencyDraw();
  const ratio100 = await load.wallOverCriticalPath(subject, 100, draw);
  const ratio1000 = await load.wallOverCriticalPath(subject, 1000, draw);
  progress(`${subject.name}: live heap with 300 in flight`);
  await simulator.behave({ latencyMs: 4000 });
  const idle = await ask<{ heapUsed: number }>(subject.child, { type: "heap" }, "heap");
  progress(`${subject.name}: idle heap ${Math.round(idle.heapUsed / 1024)} KB`);
  const held = load.batch(subject, 300);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const busy = await ask<{ heapUsed: number }>(subject.child, { type: "heap" }, "heap");
  progress(`${subject.name}: busy heap ${Math.round(busy.heapUsed / 1024)} KB`);
  await held;
  const rss = await rssOfBurst(load, simulator, subject);
  progress(`${subject.name}: done${load.resentNote}`);
  return {
    cpuMs: median(rounds.map((round) => round.cpuMs)),
    allocatedKb: median(rounds.map((round) => round.allocatedKb)),
    perSecond: median(rounds.map((round) => round.perSecond)),
    responseBytes: median(rounds.map((round) => round.bytes)),
    ratio100,
    ratio1000,
    heapKbPerConsultation: (busy.heapUsed - idle.heapUsed) / 1024 / 300,
    ...rss,
  };
}

/**
 * Resident memory of 1,000 consultations at once, providers answering after 2 s: the highest while
 * they run, and 5 s after the last has answered (what the process gives back after a burst).
 */
async function rssOfBurst(load: ConsultationLoad, simulator: Simulator, subject: Subject) {
  progress(`${subject.name}: resident memory, 1,000 at once`);
  await simulator.behave({ latencyMs: 2000 });
  subject.child.send({ type: "rss-start" });
  await load.batch(subject, 1000);
  const { peakRss } = await ask<{ peakRss: number }>(subject.child, { type: "rss" }, "rss");
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const { rss } = await ask<{ rss: number }>(subject.child, { type: "rss" }, "rss");
  return { peakRssMb: peakRss / 1024 / 1024, rssAfterMb: rss / 1024 / 1024 };
}

/** Stops a measured server; idle keep-alive sockets are closed first, and the next subject gets fresh ones. */
async function retire(load: ConsultationLoad, child: ChildProcess): Promise<void> {
  load.reconnect();
  await new Promise((resolve) => setTimeout(resolve, 100));
  await stopProcess(child);
}

/** Measures the product, the floor and floor+sdk, and prints the table and the verdicts. */
export async function runFloorComparison(): Promise<void> {
  const simulator = await startSimulator();
  const load = new ConsultationLoad();
  const { environment, directory } = await serverEnvironment(simulator.url, {
    maxRetries: 0,
    modelDeadlineMs: 30_000,
  });
  const results: Record<string, FloorResult> = {};
  const children: ChildProcess[] = [];
  let historyMs = 0;
  try {
    const product = await startProduct(environment);
    children.push(product.child);
    const productSubject = {
      name: "ai-universe",
      child: product.child,
      endpoints: [new URL(product.url)],
    };
    results["ai-universe"] = await measure(load, simulator, productSubject);
    progress("ai-universe: history pages");
    historyMs = await historyPageCpuMs(load, simulator, productSubject);
    await retire(load, product.child);
    for (const [name, calls] of [
      ["floor", "raw"],
      ["floor+sdk", "ai-sdk"],
    ] as const) {
      const floor = await startProcess(
        [floorScript],
        {
          ...environment,
          SIMULATOR_URL: simulator.url,
          FLOOR_DATABASE: join(directory, `${name}.db`),
          FLOOR_PROVIDER_CALLS: calls,
          FLOOR_RESPONSE_BYTES: String(Math.round(results["ai-universe"].responseBytes)),
        },
        /floor listening on (\S+)/,
      );
      children.push(floor.child);
      const subject = { name, child: floor.child, endpoints: [new URL(`${floor.url}/`)] };
      results[name] = await measure(load, simulator, subject);
      await retire(load, floor.child);
    }
  } finally {
    load.close();
    for (const child of children) await stopProcess(child);
    await simulator.stop();
  }
  printFloorReport(results, historyMs);
}
