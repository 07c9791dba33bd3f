// What `npm run bench` without arguments prints: the product, the floor, floor+sdk and floor+mcp side by
// side with the product's ratio to each floor, what the MCP SDK adds (floor+mcp to floor+sdk), then
// whether each target is met: against the plain floor, and issue 29's against floor+sdk and in resident
// memory. CPU and throughput are judged on warm batches (each subject busy, as under steady load); the
// batches that follow the other subjects' turns (cold) are printed beside them.

import {
  defaultMemoryProfile,
  type MemoryProfile,
  memoryProfiles,
} from "../src/runtime/serve-node-options.ts";
import { type Aim, atLeast, atMost, printAims, times } from "./aims.ts";
import { afterBurstLabel, floorNodeOptions } from "./bench-process.ts";

/** The memory profile the product is measured under besides its default (AI_UNIVERSE_MEMORY). */
export const otherProfile = (Object.keys(memoryProfiles) as MemoryProfile[]).find(
  (profile) => profile !== defaultMemoryProfile,
) as MemoryProfile;

/** The subject that is the product under `otherProfile`. */
export const otherName = `ai-universe ${otherProfile}`;

/** The key of the other profile's paired ratios to floor+sdk. */
export const otherPairKey = `${otherProfile} to floor+sdk`;

/** What the floor comparison measures of one subject. */
export interface FloorResult {
  cpuMs: number;
  allocatedKb: number;
  /** The main thread's garbage-collection pauses per consultation, ms (part of cpuMs). */
  gcMs: number;
  perSecond: number;
  /** CPU ms per consultation of the batch after the other subjects' turns (the subject idle for seconds). */
  coldCpuMs: number;
  /** Consultations per second of that batch. */
  coldPerSecond: number;
  responseBytes: number;
  ratio100: number;
  ratio1000: number;
  heapKbPerConsultation: number;
  /** Highest resident memory with 1,000 consultations in flight, MB. */
  peakRssMb: number;
  /** Resident memory `afterBurstMs` after that burst answered, MB. */
  rssAfterMb: number;
}

/** What only the product is measured on (no floor serves it). */
export interface ProductAlone {
  /** CPU ms of a history page of 50 messages. */
  historyMs: number;
  /** CPU ms per consultation on 2025 sessions, each call with a progress token (300 at once). */
  sessionMs: number;
}

/** The product's ratio to a floor taken round by round: the median of the rounds and their range. */
export interface PairedRatio {
  median: number;
  low: number;
  high: number;
}

/**
 * Paired ratios of CPU and throughput to each floor, by the floor's name; and under "floor+mcp over
 * floor+sdk", floor+mcp's to floor+sdk.
 */
export type FloorPairs = Record<string, { cpuMs: PairedRatio; perSecond: PairedRatio }>;

/** Paired ratios over the warm batches and over the cold ones. */
export interface BatchPairs {
  warm: FloorPairs;
  cold: FloorPairs;
}

const targets = { cpu: 1.5, throughput: 0.85, ratioMargin: 0.05, heap: 1.3 };

/**
 * Prints the table and the verdicts; throws if a subject is missing from `results`. CPU and throughput
 * are compared by `batches`' paired ratios (taken within each round) when given, else by the medians'.
 */
export function printFloorReport(
  results: Record<string, FloorResult>,
  product: ProductAlone,
  batches?: BatchPairs,
): Aim[] {
  const paired = batches?.warm;
  const { historyMs, sessionMs } = product;
  const server = results["ai-universe"];
  const otherResult = results[otherName];
  const floor = results.floor;
  const sdkFloor = results["floor+sdk"];
  const mcpFloor = results["floor+mcp"];
  if (!server || !otherResult || !floor || !sdkFloor || !mcpFloor)
    throw new Error("a subject was not measured");
  const row = (
    label: string,
    value: (result: FloorResult) => number,
    digits: number,
    pair?: "cpuMs" | "perSecond",
    pairs = paired,
  ) => {
    const ratioTo = (name: string, other: FloorResult) =>
      ((pair && pairs?.[name]?.[pair].median) ?? value(server) / value(other)).toFixed(2);
    const cells = [
      value(server).toFixed(digits),
      value(otherResult).toFixed(digits),
      value(floor).toFixed(digits),
      ratioTo("floor", floor),
      value(sdkFloor).toFixed(digits),
      ratioTo("floor+sdk", sdkFloor),
      value(mcpFloor).toFixed(digits),
      ratioTo("floor+mcp", mcpFloor),
    ];
    console.log(`${label.padEnd(42)}${cells.map((cell) => cell.padStart(11)).join("")}`);
  };
  const columns = ["ai-universe", otherProfile, "floor", "ratio", "floor+sdk", "ratio", "floor+mcp", "ratio"];
  console.log(`${"".padEnd(42)}${columns.map((name) => name.padStart(11)).join("")}`);
  row("CPU ms per consultation (300 at once)", (result) => result.cpuMs, 2, "cpuMs");
  row("consultations per second (300 at once)", (result) => result.perSecond, 0, "perSecond");
  row("  cold: CPU ms, batch after seconds idle", (result) => result.coldCpuMs, 2, "cpuMs", batches?.cold);
  row("  cold: consultations per second", (result) => result.coldPerSecond, 0, "perSecond", batches?.cold);
  row("allocated KB per consultation", (result) => result.allocatedKb, 0);
  row("GC pauses, ms per consultation", (result) => result.gcMs, 2);
  row("live heap KB per in-flight consultation", (result) => result.heapKbPerConsultation, 1);
  row("wall / critical path, 100 concurrent", (result) => result.ratio100, 3);
  row("wall / critical path, 1,000 concurrent", (result) => result.ratio1000, 3);
  row("RSS MB, 1,000 in flight (peak)", (result) => result.peakRssMb, 0);
  row(`RSS MB, ${afterBurstLabel} after those 1,000`, (result) => result.rssAfterMb, 0);
  console.log(
    "floor+sdk: the floor with its provider calls made through the AI SDK, the synthesis structured as the product's (bench/ai-sdk-calls.ts)",
  );
  console.log("floor+mcp: floor+sdk served as one tool through the official MCP SDK (bench/floor-mcp.ts)");
  console.log(
    `ratios are the default product's (${defaultMemoryProfile}); it runs with ${memoryProfiles[defaultMemoryProfile].join(" ")} (as ai-universe serve does), the ${otherProfile} one (AI_UNIVERSE_MEMORY=${otherProfile}) with ${memoryProfiles[otherProfile].join(" ")}, the floors with ${floorNodeOptions.join(" ") || "Node's defaults"} (BENCH_FLOOR_NODE_OPTIONS)`,
  );
  const range = (ratio: PairedRatio | undefined) =>
    ratio ? `${ratio.median.toFixed(2)} (rounds ${ratio.low.toFixed(2)} to ${ratio.high.toFixed(2)})` : "?";
  if (batches) {
    for (const [kind, pairs] of Object.entries(batches))
      console.log(
        `ratios to floor+sdk taken round by round, ${kind} batches: CPU ${range(pairs["floor+sdk"]?.cpuMs)}, throughput ${range(pairs["floor+sdk"]?.perSecond)}`,
      );
    console.log(
      `${otherPairKey} round by round (warm): CPU ${range(batches.warm[otherPairKey]?.cpuMs)}, throughput ${range(batches.warm[otherPairKey]?.perSecond)}`,
    );
    const mcp = batches.warm["floor+mcp over floor+sdk"];
    console.log(
      `what the MCP SDK adds, floor+mcp to floor+sdk round by round (warm): CPU ${range(mcp?.cpuMs)}, throughput ${range(mcp?.perSecond)}`,
    );
  }
  console.log(`response size: ${Math.round(server.responseBytes)} bytes (the floor pads to the same)`);
  console.log(
    `history: a page of 50 of 60 stored second-opinion messages costs ${historyMs.toFixed(2)} ms of CPU`,
  );
  console.log(
    `2025 sessions (SDK v1 clients), each call with a progress token, 300 at once: ${sessionMs.toFixed(2)} ms of CPU per consultation (the 2026 calls above: ${server.cpuMs.toFixed(2)})`,
  );
  return judge(results, historyMs, paired);
}

const megabytes = (value: number) => `${value.toFixed(0)} MB`;
const margin = (value: number) => `${value >= 0 ? "+" : ""}${value.toFixed(3)}`;

/**
 * Prints the verdicts against the plain floor and issue 29's against floor+sdk for each memory profile;
 * returns the default profile's CPU, throughput and peak resident memory against floor+sdk, issue 45's
 * aims, to be printed with the run's other held aims.
 */
function judge(results: Record<string, FloorResult>, historyMs: number, paired?: FloorPairs): Aim[] {
  const [server, otherResult, floor, sdkFloor] = ["ai-universe", otherName, "floor", "floor+sdk"].map(
    (name) => results[name] as FloorResult,
  ) as [FloorResult, FloorResult, FloorResult, FloorResult];
  const cpuToFloor = paired?.floor?.cpuMs.median ?? server.cpuMs / floor.cpuMs;
  const throughputToFloor = paired?.floor?.perSecond.median ?? server.perSecond / floor.perSecond;
  printAims([
    atMost(`CPU <= ${targets.cpu}x floor`, cpuToFloor, targets.cpu, times),
    atLeast(`throughput >= ${targets.throughput}x floor`, throughputToFloor, targets.throughput, times),
    atMost(
      "ratio at 100 within 0.05 of floor",
      server.ratio100 - floor.ratio100,
      targets.ratioMargin,
      margin,
    ),
    atMost(
      "live heap <= 1.3x floor",
      server.heapKbPerConsultation / floor.heapKbPerConsultation,
      targets.heap,
      times,
    ),
    atMost("history page of 50 <= 2 ms CPU", historyMs, 2, (value) => `${value.toFixed(2)} ms`),
  ]);
  // Issue 29's ("Lighter per call") against the floor that makes its provider calls through the AI SDK,
  // for each memory profile; the default's CPU, throughput and peak resident memory are issue 45's, held.
  const sdkAims = (profile: string, result: FloorResult, key: string) => {
    const cpuToSdk = paired?.[key]?.cpuMs.median ?? result.cpuMs / sdkFloor.cpuMs;
    const throughputToSdk = paired?.[key]?.perSecond.median ?? result.perSecond / sdkFloor.perSecond;
    return {
      held: [
        atMost(`${profile}: CPU <= 1.3x floor+sdk (warm batches)`, cpuToSdk, 1.3, times),
        atLeast(`${profile}: throughput >= 0.8x floor+sdk (warm batches)`, throughputToSdk, 0.8, times),
        atMost(`${profile}: RSS at 1,000 in flight <= 400 MB`, result.peakRssMb, 400, megabytes),
      ],
      more: [
        atMost(
          `${profile}: ratio at 100 within 0.05 of floor's`,
          result.ratio100 - floor.ratio100,
          targets.ratioMargin,
          margin,
        ),
        atMost(`${profile}: RSS ${afterBurstLabel} after them <= 250 MB`, result.rssAfterMb, 250, megabytes),
      ],
    };
  };
  const lean = sdkAims(`${defaultMemoryProfile} (default)`, server, "floor+sdk");
  const other = sdkAims(otherProfile, otherResult, otherPairKey);
  printAims([...lean.more, ...other.held, ...other.more]);
  return lean.held;
}
