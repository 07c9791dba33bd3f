// `npm run bench`: what starting and a consultation cost, measured as ratios in one run. Modes:
//   - no arguments: every aim of issue 45 from one run: start times against a bare Node start, and what a
//     first `npx -y` installs and takes (bench/start-time.ts), then the product against a plain-Node
//     floor and the floor with the AI SDK (bench/floor-comparison.ts): CPU, allocation, throughput, wall
//     over critical path, heap, resident memory; then what streaming answers costs (as `--streams`);
//     last, the aims together, each beside its figure (bench/aims.ts); a missed one exits with code 1;
//   - `-- --start`: the start times and the first `npx -y` alone, with their aims;
//   - `-- --store postgres --nodes N` (N: 3 unless given): N product nodes on one PostgreSQL database
//     against one node on SQLite (bench/scale-comparison.ts): throughput and wall over critical path;
//   - `-- --council`: wall over critical path of plain consultations, with a council review and with
//     two debate rounds, 100 at once (bench/council-comparison.ts);
//   - `-- --memory`: the product alone, CPU, throughput and resident memory of a burst of 1,000, to
//     iterate on memory (bench/memory-check.ts);
//   - `-- --profile`: where the product's CPU goes, by package and by file of ours (bench/cpu-profile.ts);
//   - `-- --streams`: what forwarding answers as they form costs, on the web page's stream against MCP
//     progress, as the answers grow, and in the terminal's live block (bench/stream-comparison.ts,
//     bench/terminal-stream.ts), with their aims.
// A subject that fails (does not start, a consultation errors or goes unanswered) ends the run with
// one line saying which and why, and exit code 1. This process times the calls, so it runs as the
// simulator does, with V8's memory reducer off, and collects before each subject's latency phase.

import { availableParallelism, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { type Aim, printHeldAims } from "./aims.ts";
import { runCouncilComparison } from "./council-comparison.ts";
import { runCpuProfile } from "./cpu-profile.ts";
import { runFloorComparison } from "./floor-comparison.ts";
import { runMemoryCheck } from "./memory-check.ts";
import { runScaleComparison, type ScaleOptions } from "./scale-comparison.ts";
import { runStartComparison } from "./start-time.ts";
import { runStreamComparison } from "./stream-comparison.ts";
import { measureTerminal } from "./terminal-stream.ts";

const usage =
  "usage: npm run bench [-- --store postgres [--nodes N] | -- --council | -- --start | -- --profile | -- --memory | -- --streams]";

/**
 * The mode the command line asks for: the scale mode's options, "council", "start", "profile", "memory" or
 * "streams" (the last three alone), or undefined for every aim: the start times, the floor comparison
 * and the streams.
 */
function scaleOptions(
  args: string[],
): ScaleOptions | "council" | "start" | "profile" | "memory" | "streams" | undefined {
  if (args.length === 1 && args[0] === "--profile") return "profile";
  if (args.length === 1 && args[0] === "--streams") return "streams";
  if (args.length === 1 && args[0] === "--memory") return "memory";
  const options = {
    store: { type: "string" },
    nodes: { type: "string" },
    council: { type: "boolean" },
    start: { type: "boolean" },
  } as const;
  let values: { store?: string; nodes?: string; council?: boolean; start?: boolean };
  try {
    values = parseArgs({ args, options }).values;
  } catch (error) {
    throw new Error(`${(error as Error).message}. ${usage}`);
  }
  if (values.start) {
    if (values.council || values.store !== undefined || values.nodes !== undefined)
      throw new Error(`--start runs on its own. ${usage}`);
    return "start";
  }
  if (values.council) {
    if (values.store !== undefined || values.nodes !== undefined)
      throw new Error(`--council runs on its own. ${usage}`);
    return "council";
  }
  if (values.store === undefined && values.nodes === undefined) return undefined;
  if (values.store === undefined) throw new Error(`--nodes goes with --store postgres. ${usage}`);
  if (values.store !== "postgres")
    throw new Error(
      `--store ${values.store}: the scale mode puts its nodes on PostgreSQL and always measures one node on SQLite beside them. ${usage}`,
    );
  const nodes = Number(values.nodes ?? 3);
  if (!Number.isInteger(nodes) || nodes < 1 || nodes > 16)
    throw new Error(`--nodes ${values.nodes}: a whole number from 1 to 16. ${usage}`);
  return { store: values.store, nodes };
}

/** The run's aims, each beside its figure, and whether all were met (exit code 1 if not). */
async function heldAims(measures: (() => Promise<Aim[]>)[]): Promise<boolean> {
  const [loadBefore = 0] = loadavg();
  const aims: Aim[] = [];
  for (const measure of measures) aims.push(...(await measure()));
  const met = printHeldAims("aims (issue 45), each beside its figure in this run", aims);
  // What else ran on the machine weighs on the times above: said beside them, to tell load from cause.
  const [loadAfter = 0, , loadOverRun = 0] = loadavg();
  console.log(
    `load average on ${availableParallelism()} cores: ${loadBefore.toFixed(1)} as the run began, ${loadAfter.toFixed(1)} as it ended, ${loadOverRun.toFixed(1)} over the last 15 minutes`,
  );
  return met;
}

/** Runs both stream measures: the server's paths, then the terminal. */
const streams = [runStreamComparison, measureTerminal];

try {
  const options = scaleOptions(process.argv.slice(2));
  let met = true;
  if (options === "council") await runCouncilComparison();
  else if (options === "start") met = await heldAims([runStartComparison]);
  else if (options === "profile") await runCpuProfile();
  else if (options === "memory") await runMemoryCheck();
  else if (options === "streams") met = await heldAims(streams);
  else if (options) await runScaleComparison(options);
  else met = await heldAims([runStartComparison, runFloorComparison, ...streams]);
  if (!met) process.exitCode = 1;
} catch (error) {
  process.stderr.write(`bench: failed: ${(error as Error).message}\n`);
  process.exit(1);
}
