// `npm run bench`: what a consultation costs, measured as ratios in one run. Two modes:
//   - no arguments: the product against a plain-Node floor and the floor with the AI SDK
//     (bench/floor-comparison.ts): CPU, allocation, throughput, wall over critical path, heap;
//   - `-- --store postgres --nodes N` (N: 3 unless given): N product nodes on one PostgreSQL database
//     against one node on SQLite (bench/scale-comparison.ts): throughput and wall over critical path;
//   - `-- --council`: wall over critical path of plain consultations, with a council review and with
//     two debate rounds, 100 at once (bench/council-comparison.ts).
// A subject that fails (does not start, a consultation errors or goes unanswered) ends the run with
// one line saying which and why, and exit code 1.

import { parseArgs } from "node:util";
import { runCouncilComparison } from "./council-comparison.ts";
import { runFloorComparison } from "./floor-comparison.ts";
import { runScaleComparison, type ScaleOptions } from "./scale-comparison.ts";

const usage = "usage: npm run bench [-- --store postgres [--nodes N] | -- --council]";

/** The mode the command line asks for: the scale mode's options, "council", or undefined for the floor comparison. */
function scaleOptions(args: string[]): ScaleOptions | "council" | undefined {
  const options = {
    store: { type: "string" },
    nodes: { type: "string" },
    council: { type: "boolean" },
  } as const;
  let values: { store?: string; nodes?: string; council?: boolean };
  try {
    values = parseArgs({ args, options }).values;
  } catch (error) {
    throw new Error(`${(error as Error).message}. ${usage}`);
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

try {
  const options = scaleOptions(process.argv.slice(2));
  if (options === "council") await runCouncilComparison();
  else if (options) await runScaleComparison(options);
  else await runFloorComparison();
} catch (error) {
  process.stderr.write(`bench: failed: ${(error as Error).message}\n`);
  process.exit(1);
}
