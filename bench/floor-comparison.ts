// `npm run bench` without arguments: the product against a floor, in one run. The floor
// (bench/floor-server.ts) is a minimal plain-Node handler doing the same traffic: one JSON-RPC parse,
// four provider calls at once plus a synthesis call, one SQLite transaction, a response of the same
// size. Both serve the same load from the same provider simulator, and both carry
// bench/process-probe.ts to report their own CPU, allocation and heap. Printed for each, and as
// product / floor:
//   - CPU and allocation per consultation and consultations per second (300 at once, zero-latency
//     providers), the subjects taking turns round by round and the ratios taken within each round: of
//     each subject's first batch of a round (cold, after seconds idle) and of the one straight after (warm);
//   - wall time over the critical path (slowest opinion plus synthesis) at 100 concurrent, the subjects
//     taking turns round by round, and at 1,000, every call with its own latency drawn from 200-1,500 ms;
//   - live heap per in-flight consultation (300 held open by slow providers);
//   - resident memory (RSS) at 1,000 in flight, and after they answered (once the product's memory
//     release has had its 30 s of quiet).
// The product is measured twice, under each memory profile (AI_UNIVERSE_MEMORY): "ai-universe" is the
// default (lean), "ai-universe fast" the other one, taking its turns beside the others.
// A third subject, floor+sdk, is the floor making its provider calls through the AI SDK, the synthesis
// asking for the product's structured answer as the product's call does: what the SDK alone costs. A
// fourth, floor+mcp, is floor+sdk served through the official MCP SDK (bench/floor-mcp.ts): what the
// MCP SDK alone adds to the least a server on it does.
// The product alone, as no floor serves them: a history page, and 2025 sessions calling with progress tokens.
// Targets (against the plain floor): CPU <= 1.5x floor, throughput >= 0.85x, ratio at 100 within 0.05
// of the floor's, heap <= 1.3x; issue 45's, held (against floor+sdk): CPU <= 1.3x, throughput >= 0.8x,
// resident memory at 1,000 in flight <= 400 MB.

import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { memoryVariable } from "../src/runtime/serve-node-options.ts";
import { serverEnvironment } from "../test/e2e/support/server-environment.ts";
import type { Aim } from "./aims.ts";
import {
  afterBurstMs,
  ask,
  floorNodeOptions,
  median,
  progress,
  type Simulator,
  startProcess,
  startProduct,
  startSimulator,
  stopProcess,
} from "./bench-process.ts";
import { ConsultationLoad, latencyDraw, type Target } from "./consultation-load.ts";
import {
  type BatchPairs,
  type FloorPairs,
  type FloorResult,
  otherName,
  otherPairKey,
  otherProfile,
  type PairedRatio,
  printFloorReport,
} from "./floor-report.ts";
import { SessionLoad } from "./session-load.ts";

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

/**
 * CPU ms per consultation of 300 2025-revision sessions calling at once, each call with a progress token:
 * what most clients (SDK v1) send (zero-latency providers). No floor serves 2025 sessions, so this is the product's alone.
 */
async function sessionCpuMs(simulator: Simulator, subject: Subject): Promise<number> {
  await simulator.behave({});
  const sessions = new SessionLoad(subject.endpoints[0] as URL);
  try {
    await sessions.open(300);
    for (let round = 0; round < 2; round++) await sessions.batch();
    const cpu: number[] = [];
    for (let round = 0; round < 3; round++) {
      subject.child.send({ type: "start" });
      await sessions.batch();
      cpu.push((await ask<{ cpuMs: number }>(subject.child, { type: "stop" }, "measurement")).cpuMs / 300);
    }
    return median(cpu);
  } finally {
    sessions.close();
  }
}

/** What one measured batch of 300 consultations cost a subject. */
interface Round {
  cpuMs: number;
  allocatedKb: number;
  /** Of cpuMs, the main thread's pauses for garbage collection. */
  gcMs: number;
  perSecond: number;
  bytes: number;
}

/** One batch of 300 consultations at once (zero-latency providers), measured by the subject's probe. */
async function measuredBatch(load: ConsultationLoad, subject: Subject): Promise<Round> {
  subject.child.send({ type: "start" });
  const { wallMs, runs } = await load.batch(subject, 300);
  const used = await ask<{ cpuMs: number; allocatedBytes: number; gcMs: { young: number; full: number } }>(
    subject.child,
    { type: "stop" },
    "measurement",
  );
  return {
    cpuMs: used.cpuMs / 300,
    allocatedKb: used.allocatedBytes / 1024 / 300,
    gcMs: (used.gcMs.young + used.gcMs.full) / 300,
    perSecond: 300 / (wallMs / 1000),
    bytes: runs.reduce((sum, run) => sum + run.bytes, 0) / runs.length,
  };
}

/** How many measured rounds each subject serves in the interleaved comparison. */
const interleavedRounds = 7;

/**
 * A subject's measured batches: in each round, the first after the other subjects' turns (`cold`: the
 * subject sat idle for their seconds) and the one straight after it (`warm`: the subject busy, as under
 * steady load).
 */
interface Turns {
  cold: Round[];
  warm: Round[];
}

/**
 * CPU, allocation and throughput of every subject, in rounds that take turns: each round serves each
 * subject two measured batches back to back, the order turning round by round. What else the machine runs
 * then weighs on all the subjects alike, and the product's ratio to a floor is taken within each round
 * (`paired`, the median of the rounds' ratios, with their range). A batch after seconds of quiet costs
 * every subject more than the next one (docs/scale.md: "Reading the figures"), so both are kept.
 */
async function interleavedBatches(load: ConsultationLoad, simulator: Simulator, subjects: Subject[]) {
  await simulator.behave({});
  progress(
    `${subjects.map((subject) => subject.name).join(", ")}: zero-latency providers, 300 at once, taking turns`,
  );
  for (const subject of subjects) for (let round = 0; round < 3; round++) await load.batch(subject, 300);
  const turns = new Map<string, Turns>(subjects.map((subject) => [subject.name, { cold: [], warm: [] }]));
  for (let round = 0; round < interleavedRounds; round++) {
    const order = subjects.map((_, index) => subjects[(index + round) % subjects.length] as Subject);
    for (const subject of order) {
      const mine = turns.get(subject.name) as Turns;
      mine.cold.push(await measuredBatch(load, subject));
      mine.warm.push(await measuredBatch(load, subject));
    }
  }
  return turns;
}

/** The paired ratios of `product` to `floor`, round by round: the median and the range. */
function pairedRatios(product: Round[], floor: Round[], value: (round: Round) => number): PairedRatio {
  const ratios = product.map((round, index) => value(round) / value(floor[index] as Round));
  return { median: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) };
}

/**
 * The product's paired ratios to each floor over one kind of batch, and under "floor+mcp over
 * floor+sdk" what the MCP SDK adds (floor+mcp to floor+sdk).
 */
function pairsOf(turns: Map<string, Turns>, batch: keyof Turns): FloorPairs {
  const of = (name: string) => turns.get(name)?.[batch] ?? [];
  const pair = (subject: string, floor: string) => ({
    cpuMs: pairedRatios(of(subject), of(floor), (round) => round.cpuMs),
    perSecond: pairedRatios(of(subject), of(floor), (round) => round.perSecond),
  });
  return {
    floor: pair("ai-universe", "floor"),
    "floor+sdk": pair("ai-universe", "floor+sdk"),
    "floor+mcp": pair("ai-universe", "floor+mcp"),
    "floor+mcp over floor+sdk": pair("floor+mcp", "floor+sdk"),
    [otherPairKey]: pair(otherName, "floor+sdk"),
  };
}

/** How many measured rounds of 100 consultations each subject serves in the interleaved wall-time phase. */
const wallRounds = 5;

/**
 * Wall time over the critical path of 100 consultations at once (latencies of 200-1,500 ms), the subjects
 * taking turns round by round as in `interleavedBatches`, each round's draws the same for every subject.
 * Measured one subject after another, whichever came later looked slower (what ran between their phases
 * weighed on it); taking turns gives every subject every place. The ratios of each subject, round by round.
 */
async function interleavedWalls(load: ConsultationLoad, simulator: Simulator, subjects: Subject[]) {
  progress(
    `${subjects.map((subject) => subject.name).join(", ")}: latencies of 200-1,500 ms, 100 at once, taking turns`,
  );
  await simulator.settle();
  (globalThis as { gc?: () => void }).gc?.();
  await simulator.behave({ latencyFromPrompt: true });
  for (const subject of subjects) await load.wallOverCriticalPath(subject, 100, latencyDraw(1));
  const walls = new Map<string, number[]>(subjects.map((subject) => [subject.name, []]));
  for (let round = 0; round < wallRounds; round++) {
    const order = subjects.map((_, index) => subjects[(index + round) % subjects.length] as Subject);
    for (const subject of order)
      walls.get(subject.name)?.push(await load.wallOverCriticalPath(subject, 100, latencyDraw(round + 2)));
    progress(
      `round ${round + 1}: ${order.map((subject) => `${subject.name} ${walls.get(subject.name)?.at(-1)?.toFixed(3)}`).join(", ")}`,
    );
  }
  return walls;
}

/** Wall time over the critical path at 1,000, live heap per consultation and resident memory of one subject. */
async function measureUnderLatency(load: ConsultationLoad, simulator: Simulator, subject: Subject) {
  progress(`${subject.name}: latencies of 200-1,500 ms, 1,000 at once`);
  // The simulator and this process, which times the calls, start each subject's phase collected.
  await simulator.settle();
  (globalThis as { gc?: () => void }).gc?.();
  await simulator.behave({ latencyFromPrompt: true });
  const ratio1000 = await load.wallOverCriticalPath(subject, 1000, latencyDraw());
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
  return { ratio1000, heapKbPerConsultation: (busy.heapUsed - idle.heapUsed) / 1024 / 300, ...rss };
}

/**
 * Resident memory of 1,000 consultations at once, providers answering after 2 s: the highest while
 * they run, and `afterBurstMs` after the last has answered (what the process gives back after a burst).
 */
async function rssOfBurst(load: ConsultationLoad, simulator: Simulator, subject: Subject) {
  progress(`${subject.name}: resident memory, 1,000 at once`);
  await simulator.behave({ latencyMs: 2000 });
  subject.child.send({ type: "rss-start" });
  await load.batch(subject, 1000);
  const { peakRss } = await ask<{ peakRss: number }>(subject.child, { type: "rss" }, "rss");
  await new Promise((resolve) => setTimeout(resolve, afterBurstMs));
  const { rss } = await ask<{ rss: number }>(subject.child, { type: "rss" }, "rss");
  return { peakRssMb: peakRss / 1024 / 1024, rssAfterMb: rss / 1024 / 1024 };
}

/** Stops a measured server; idle keep-alive sockets are closed first, and the next subject gets fresh ones. */
async function retire(load: ConsultationLoad, child: ChildProcess): Promise<void> {
  load.reconnect();
  await new Promise((resolve) => setTimeout(resolve, 100));
  await stopProcess(child);
}

/**
 * Starts the floor (`raw`), floor+sdk (`ai-sdk`) or floor+mcp (`ai-sdk` served through the MCP SDK)
 * beside the product, its database in `directory`.
 */
async function startFloor(
  name: string,
  calls: "raw" | "ai-sdk",
  serving: "plain" | "mcp",
  environment: Record<string, string>,
  simulator: Simulator,
  directory: string,
): Promise<Subject> {
  const floor = await startProcess(
    [floorScript],
    {
      ...environment,
      SIMULATOR_URL: simulator.url,
      FLOOR_DATABASE: join(directory, `${name}.db`),
      FLOOR_PROVIDER_CALLS: calls,
      FLOOR_SERVING: serving,
    },
    /floor listening on (\S+)/,
    floorNodeOptions,
  );
  return { name, child: floor.child, endpoints: [new URL(`${floor.url}/`)] };
}

/**
 * Measures the product and the three floors, and prints the table and the verdicts; returns the aims
 * issue 45 holds the product to (CPU, throughput and resident memory against floor+sdk).
 */
export async function runFloorComparison(): Promise<Aim[]> {
  const simulator = await startSimulator();
  const load = new ConsultationLoad();
  const { environment, directory } = await serverEnvironment(simulator.url, {
    maxRetries: 0,
    modelDeadlineMs: 30_000,
  });
  const results: Record<string, FloorResult> = {};
  const subjects: Subject[] = [];
  let historyMs = 0;
  let sessionMs = 0;
  let paired: BatchPairs | undefined;
  try {
    const product = await startProduct(environment);
    subjects.push({ name: "ai-universe", child: product.child, endpoints: [new URL(product.url)] });
    // Its own database, as each floor has: the one before it stopping would otherwise checkpoint the
    // shared file while this one is measured.
    const other = await startProduct({
      ...environment,
      [memoryVariable]: otherProfile,
      DATABASE_URL: join(directory, `ai-universe-${otherProfile}.db`),
    });
    subjects.push({ name: otherName, child: other.child, endpoints: [new URL(other.url)] });
    subjects.push(await startFloor("floor", "raw", "plain", environment, simulator, directory));
    subjects.push(await startFloor("floor+sdk", "ai-sdk", "plain", environment, simulator, directory));
    subjects.push(await startFloor("floor+mcp", "ai-sdk", "mcp", environment, simulator, directory));
    // The floors answer with as many bytes as the product does.
    await simulator.behave({});
    const sample = await load.batch(subjects[0] as Subject, 10);
    const bytes = Math.round(sample.runs.reduce((sum, run) => sum + run.bytes, 0) / sample.runs.length);
    for (const floor of subjects.slice(2)) floor.child.send({ type: "response-size", bytes });
    const turns = await interleavedBatches(load, simulator, subjects);
    paired = { warm: pairsOf(turns, "warm"), cold: pairsOf(turns, "cold") };
    const walls = await interleavedWalls(load, simulator, subjects);
    for (const subject of subjects) {
      const { warm, cold } = turns.get(subject.name) as Turns;
      results[subject.name] = {
        cpuMs: median(warm.map((round) => round.cpuMs)),
        allocatedKb: median(warm.map((round) => round.allocatedKb)),
        gcMs: median(warm.map((round) => round.gcMs)),
        perSecond: median(warm.map((round) => round.perSecond)),
        coldCpuMs: median(cold.map((round) => round.cpuMs)),
        coldPerSecond: median(cold.map((round) => round.perSecond)),
        responseBytes: median(warm.map((round) => round.bytes)),
        ratio100: median(walls.get(subject.name) ?? []),
        ...(await measureUnderLatency(load, simulator, subject)),
      };
      if (subject.name === "ai-universe") {
        progress("ai-universe: history pages");
        historyMs = await historyPageCpuMs(load, simulator, subject);
        progress("ai-universe: 2025 sessions with a progress token, 300 at once");
        sessionMs = await sessionCpuMs(simulator, subject);
      }
      await retire(load, subject.child);
    }
  } finally {
    load.close();
    for (const subject of subjects) await stopProcess(subject.child);
    await simulator.stop();
  }
  return printFloorReport(results, { historyMs, sessionMs }, paired);
}
