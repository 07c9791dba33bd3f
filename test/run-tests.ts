// `npm test`'s test run: every test file on SQLite, and the end-to-end files again on PostgreSQL (the list
// in test/e2e-on-postgres.ts), both passes at once. A pass shares its files out among a few processes, each
// running its share one file after another (`--test-isolation=none`), so a process loads the code, the MCP
// clients and the server once rather than once per file: on two cores the run is bound by CPU, and most of
// a file's CPU went to loading. Shares are balanced by how long each file takes (`knownSeconds`).
// One PostgreSQL server serves the PostgreSQL pass and every test that wants a server of its own
// (test/store/postgres-server.ts). Each process's report is printed as it ends; the exit code is 1 when
// any test failed. AI_UNIVERSE_TEST_PROCESSES sets the processes of the SQLite pass (default: twice the
// cores; the PostgreSQL pass, with fewer files, gets one fewer).
// A file that passes alone but fails here depends on what another file left behind in its process: make
// it clean up (stop its servers, reset mocked timers) rather than run it apart.

import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, globSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { postgresPassVariable } from "./e2e/support/server-environment.ts";
import { postgresPassFiles } from "./e2e-on-postgres.ts";
import { type PostgresServer, sharedPostgresVariable, startPostgresServer } from "./store/postgres-server.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const reporter = fileURLToPath(new URL("./support/file-times-reporter.ts", import.meta.url));

/**
 * Seconds the slowest files take alone on a two-core machine (mostly waiting: on slow simulated models,
 * browsers, restarts), to balance the shares; an end-to-end file not named counts 8 s, any other 1 s.
 */
const knownSeconds: Record<string, number> = {
  "e2e/many-nodes.test.ts": 100,
  "e2e/web-page.test.ts": 70,
  "e2e/late-opinions.test.ts": 55,
  "store/postgres-store.test.ts": 50,
  "e2e/web-accessibility.test.ts": 40,
  "e2e/web-late-opinions.test.ts": 37,
  "e2e/crash-safety.test.ts": 35,
  "e2e/web-conversation-address.test.ts": 32,
  "e2e/team-api-keys.test.ts": 30,
  "e2e/resumable-streams.test.ts": 30,
  "e2e/long-calls.test.ts": 30,
  "e2e/graceful-shutdown.test.ts": 30,
  "e2e/terminal.test.ts": 30,
  "e2e/terminal-conversations.test.ts": 25,
  "e2e/store-faults.test.ts": 25,
  "e2e/http-transport.test.ts": 24,
  "e2e/new-user.test.ts": 20,
  "e2e/web-model-html.test.ts": 20,
  "e2e/redis-counters.test.ts": 20,
  "e2e/protocol-compatibility.test.ts": 18,
  "e2e/readme-snippets.test.ts": 18,
  "e2e/tasks.test.ts": 17,
};
const testTimeoutMs = 150_000;

/** What one process of a pass reports. */
interface Share {
  pass: string;
  part: string;
  passed: boolean;
  report: string;
  fileSeconds: [string, number][];
}

const every = globSync("test/**/*.test.ts", { cwd: root }).map((file) => join(root, file));
const gone = Object.keys(knownSeconds).filter((file) => !every.includes(join(root, "test", file)));
if (gone.length > 0) throw new Error(`test/run-tests.ts times files that are gone: ${gone.join(", ")}`);
const processes = Number(process.env.AI_UNIVERSE_TEST_PROCESSES) || 2 * availableParallelism();

// The tests run the built program (test/e2e/support/http-server-process.ts): it must be newer than
// every source file, as it is right after `npm test`'s build.
const built = join(root, "dist/cli/main.js");
const newestSource = Math.max(
  ...globSync("src/**/*.ts", { cwd: root }).map((file) => statSync(join(root, file)).mtimeMs),
);
if (!existsSync(built) || statSync(built).mtimeMs < newestSource) {
  process.stderr.write(
    `test/run-tests.ts: ${relative(root, built)} is missing or older than src/. Run "npm run build" first (npm test does).\n`,
  );
  process.exit(1);
}

const started = performance.now();
const scratch = mkdtempSync(join(tmpdir(), "ai-universe-test-run-"));
let postgres: PostgresServer | undefined;
let postgresProblem = "";
try {
  postgres = await startPostgresServer();
} catch (error) {
  postgresProblem = (error as Error).message;
}
const shared = {
  ...process.env,
  AI_UNIVERSE_TEST_PROGRAM: "built",
  ...(postgres ? { [sharedPostgresVariable]: postgres.url } : {}),
};
const postgresFiles = postgresPassFiles();
process.stdout.write(
  `${every.length} test files on SQLite in ${processes} processes, and ${postgresFiles.length} end-to-end files on PostgreSQL in ${Math.max(1, processes - 1)}.\n`,
);

const shares = [
  ...pass("SQLite", every, processes, shared),
  ...(postgres
    ? pass("PostgreSQL", postgresFiles, Math.max(1, processes - 1), {
        ...shared,
        [postgresPassVariable]: postgres.url,
      })
    : [Promise.resolve(unstarted("PostgreSQL", `PostgreSQL did not start: ${postgresProblem}`))]),
];
for (const share of shares) {
  void share.then((done) => {
    const title = `${done.pass} ${done.part}`;
    process.stdout.write(`\n── ${title} ${"─".repeat(Math.max(0, 70 - title.length))}\n${done.report}`);
  });
}
const done = await Promise.all(shares);
await postgres?.stop();
rmSync(scratch, { recursive: true, force: true });

const timings = done.flatMap((share) =>
  share.fileSeconds.map(([file, seconds]) => ({ share, file, seconds })),
);
timings.sort((a, b) => b.seconds - a.seconds);
process.stdout.write("\nSlowest files:\n");
for (const { share, file, seconds } of timings.slice(0, 8)) {
  process.stdout.write(`  ${seconds.toFixed(1).padStart(6)} s  ${file} (${share.pass})\n`);
}
for (const name of ["SQLite", "PostgreSQL"]) {
  const parts = done.filter((share) => share.pass === name);
  const counts = (label: string) =>
    parts.reduce(
      (sum, share) => sum + Number(share.report.match(new RegExp(`^ℹ ${label} (\\d+)$`, "m"))?.[1] ?? 0),
      0,
    );
  const passed = parts.every((share) => share.passed);
  process.stdout.write(`${passed ? "✔" : "✖"} ${name}: ${counts("pass")} passed, ${counts("fail")} failed\n`);
}
process.stdout.write(`All tests: ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
process.exit(done.every((share) => share.passed) ? 0 : 1);

/** Runs `files` in `count` processes with `environment`, the files shared out by their expected time. */
function pass(
  name: string,
  files: string[],
  count: number,
  environment: NodeJS.ProcessEnv,
): Promise<Share>[] {
  const expected = (file: string) => {
    const known = knownSeconds[relative(join(root, "test"), file)];
    return known ?? (file.includes("/test/e2e/") ? 8 : 1);
  };
  // Longest first, each to the share that is shortest so far.
  const loads = Array.from({ length: Math.min(count, files.length) }, () => ({
    seconds: 0,
    files: [] as string[],
  }));
  for (const file of [...files].sort((a, b) => expected(b) - expected(a))) {
    const lightest = loads.reduce((least, load) => (load.seconds < least.seconds ? load : least));
    lightest.seconds += expected(file);
    lightest.files.push(file);
  }
  return loads.map((load, index) =>
    runShare(name, `${index + 1} of ${loads.length}`, load.files, environment),
  );
}

/** Runs `files` one after another in one process; resolves with its report and each file's time. */
async function runShare(
  name: string,
  part: string,
  files: string[],
  environment: NodeJS.ProcessEnv,
): Promise<Share> {
  const times = join(scratch, `${name}-${part.replaceAll(" ", "-")}.tsv`);
  const child = spawn(
    process.execPath,
    [
      "--test",
      "--test-isolation=none",
      // Once its files are done: a connection a failed test left open (to the shared PostgreSQL server,
      // which outlives it) would otherwise keep the process, and the run, waiting.
      "--test-force-exit",
      `--test-timeout=${testTimeoutMs}`,
      "--test-reporter=spec",
      "--test-reporter-destination=stdout",
      `--test-reporter=${reporter}`,
      `--test-reporter-destination=${times}`,
      ...files,
    ],
    { cwd: root, env: environment, stdio: ["ignore", "pipe", "pipe"] },
  );
  let report = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (report += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (report += chunk));
  const [code] = (await once(child, "close")) as [number | null]; // "close": after its output is read
  let fileSeconds: [string, number][] = [];
  try {
    fileSeconds = readFileSync(times, "utf8")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [seconds = "0", file = ""] = line.split("\t");
        return [relative(root, file), Number(seconds)];
      });
  } catch {
    // No times when the process died early; its report says why.
  }
  // Passed only with the report's own summary: a process that something ends early (an exit hook) may
  // exit 0 before it was written.
  const summarised = /^ℹ fail 0$/m.test(report);
  if (code === 0 && !summarised) report += "\nThe process ended before its report was complete.\n";
  return { pass: name, part, passed: code === 0 && summarised, report, fileSeconds };
}

function unstarted(name: string, report: string): Share {
  return { pass: name, part: "(not run)", passed: false, report: `${report}\n`, fileSeconds: [] };
}
