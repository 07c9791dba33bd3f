// `npm test`'s test run: every test file on SQLite, and the end-to-end files again on PostgreSQL (the list
// in test/e2e-on-postgres.ts), both passes at once. The files are packed into batches by how long each
// takes (`knownSeconds`), and a few processes take batches from one queue, longest first, each running a
// batch's files one after another (`--test-isolation=none`): a process loads the code, the MCP clients and
// the server once per batch rather than once per file (on two cores the run is bound by CPU, and much of
// a file's CPU went to loading), and a process that finishes early takes the next batch instead of idling
// while the others work. One PostgreSQL server serves the PostgreSQL pass and every test that wants a
// server of its own (test/store/postgres-server.ts). Each batch's report is printed as it ends, every
// file's time goes to artifacts/test-times.tsv, the failures are printed again at the end, and the exit
// code is 1 when any test failed.
// AI_UNIVERSE_TEST_PROCESSES sets the number of processes (default: four per core).
// The typecheck (`npm run typecheck`) runs beside the tests, and fails the run too.
// A file that passes alone but fails here depends on what another file left behind in its process: make
// it clean up (stop its servers, reset mocked timers) rather than run it apart.

import { spawn } from "node:child_process";
import { once } from "node:events";
import {
  existsSync,
  globSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { postgresPassVariable } from "./e2e/support/server-environment.ts";
import { postgresPassFiles } from "./e2e-on-postgres.ts";
import { type PostgresServer, sharedPostgresVariable, startPostgresServer } from "./store/postgres-server.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const reporter = fileURLToPath(new URL("./support/file-times-reporter.ts", import.meta.url));

/**
 * Seconds each slow file took in a whole run on a two-core machine (artifacts/test-times.tsv, the mean of
 * its passes; the store's contract suites are counted in the two files that run them), to pack the
 * batches; an end-to-end file not named counts 8 s, any other 1 s.
 */
const knownSeconds: Record<string, number> = {
  "e2e/web-page.test.ts": 60,
  "e2e/web-question-options.test.ts": 70,
  "e2e/many-nodes.test.ts": 106,
  "e2e/late-opinions.test.ts": 75,
  "e2e/crash-safety.test.ts": 69,
  "e2e/web-accessibility.test.ts": 60,
  "store/postgres-store.test.ts": 60,
  "e2e/fuzz.test.ts": 46,
  "e2e/new-user.test.ts": 44,
  "e2e/terminal-conversations.test.ts": 42,
  "e2e/graceful-shutdown.test.ts": 42,
  "e2e/web-late-opinions.test.ts": 41,
  "e2e/council-panel.test.ts": 30,
  "e2e/redis-counters.test.ts": 41,
  "e2e/protocol-compatibility.test.ts": 40,
  "e2e/store-faults.test.ts": 38,
  "e2e/readme-snippets.test.ts": 50,
  "e2e/agent-clis.test.ts": 75,
  "e2e/streamed-answers.test.ts": 100,
  "e2e/installed-package.test.ts": 35,
  "e2e/tasks.test.ts": 36,
  "e2e/http-transport.test.ts": 35,
  "e2e/web-conversation-address.test.ts": 34,
  "e2e/terminal.test.ts": 40,
  "e2e/long-calls.test.ts": 32,
  "e2e/team-api-keys.test.ts": 31,
  "evaluation/built-in-questions.test.ts": 30,
  "store/sqlite-store.test.ts": 30,
  "e2e/resumable-streams.test.ts": 29,
  "e2e/load-balancer.test.ts": 29,
  "e2e/mcp-features.test.ts": 27,
  "e2e/conformance.test.ts": 26,
  "e2e/terminal-server.test.ts": 24,
  "e2e/evaluation.test.ts": 27,
  "e2e/answer-by.test.ts": 33,
  "e2e/attacks-http.test.ts": 16,
  "e2e/attacks-mcp-sessions.test.ts": 10,
  "e2e/mcp-remote.test.ts": 21,
  "e2e/answer-size.test.ts": 25,
  "e2e/panels.test.ts": 16,
  "e2e/consultation.test.ts": 16,
  "e2e/web-model-html.test.ts": 14,
  "e2e/tasks-extension.test.ts": 14,
  "e2e/model-data.test.ts": 14,
  "e2e/model-availability.test.ts": 14,
  "e2e/concurrent-admission.test.ts": 14,
  "e2e/web-evaluation.test.ts": 20,
  "e2e/terminal-attachments.test.ts": 11,
  "e2e/hostile-attachments.test.ts": 9,
  "e2e/logs.test.ts": 11,
  "e2e/conversation-tools.test.ts": 11,
  "e2e/command-line.test.ts": 10,
  "e2e/ai-sdk-mcp-client.test.ts": 10,
};
const testTimeoutMs = 150_000;
/** Batches per process: more balance the end of the run better, fewer load the code fewer times. */
const batchesPerProcess = 2;

/** Files of one pass that one process runs one after another. */
interface Batch {
  pass: string;
  files: string[];
  /** Their expected seconds, added up. */
  seconds: number;
  environment: NodeJS.ProcessEnv;
}

/** What one process reports. */
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
const processes = Number(process.env.AI_UNIVERSE_TEST_PROCESSES) || 4 * availableParallelism();

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
const queue = [
  ...pack("SQLite", every, shared),
  ...(postgres ? pack("PostgreSQL", postgresFiles, { ...shared, [postgresPassVariable]: postgres.url }) : []),
].sort((a, b) => b.seconds - a.seconds);
const batchCount = queue.length;
process.stdout.write(
  `${every.length} test files on SQLite and ${postgresFiles.length} end-to-end files on PostgreSQL, in ${batchCount} batches, ${processes} at a time.\n`,
);

const done: Share[] = postgres
  ? []
  : [unstarted("PostgreSQL", `PostgreSQL did not start: ${postgresProblem}`)];
let taken = 0;
const checked = typecheck()
  .catch(
    (error: unknown): Share => ({
      pass: "Typecheck",
      part: "(tsc)",
      passed: false,
      report: `npm run typecheck did not start: ${(error as Error).message}\n`,
      fileSeconds: [],
    }),
  )
  .then((share) => {
    report(share);
    done.push(share);
  });
await Promise.all([checked, ...Array.from({ length: processes }, () => takeBatches())]);
await postgres?.stop();
rmSync(scratch, { recursive: true, force: true });

const timings = done.flatMap((share) =>
  share.fileSeconds.map(([file, seconds]) => ({ share, file, seconds })),
);
timings.sort((a, b) => b.seconds - a.seconds);
mkdirSync(join(root, "artifacts"), { recursive: true });
writeFileSync(
  join(root, "artifacts/test-times.tsv"),
  timings.map(({ share, file, seconds }) => `${seconds.toFixed(1)}\t${file}\t${share.pass}\n`).join(""),
);
process.stdout.write("\nSlowest files (every file's time is in artifacts/test-times.tsv):\n");
for (const { share, file, seconds } of timings.slice(0, 8)) {
  process.stdout.write(`  ${seconds.toFixed(1).padStart(6)} s  ${file} (${share.pass})\n`);
}
// The failures again, last, where a reader of the run's end (or of a CI log's tail) finds them.
for (const share of done.filter((candidate) => !candidate.passed)) {
  process.stdout.write(
    `\n── Failed in ${share.pass} ${share.part} ${"─".repeat(40)}\n${failuresOf(share.report)}`,
  );
}
process.stdout.write(`\n${done.find((share) => share.pass === "Typecheck")?.passed ? "✔" : "✖"} Typecheck\n`);
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

/** One process at a time: takes the next batch from the queue, runs it and prints its report, until none is left. */
async function takeBatches(): Promise<void> {
  for (let batch = queue.shift(); batch; batch = queue.shift()) {
    taken += 1;
    const share = await runShare(
      batch.pass,
      `batch ${taken} of ${batchCount}`,
      batch.files,
      batch.environment,
    );
    report(share);
    done.push(share);
  }
}

/** The part of a report that says what failed: the spec reporter's closing list, or the report's end. */
function failuresOf(report: string): string {
  const start = report.lastIndexOf("✖ failing tests:");
  return start >= 0 ? report.slice(start) : report.slice(-4000);
}

/** Prints a process's report under a line naming it and when it ended. */
function report(share: Share): void {
  const title = `${share.pass} ${share.part}, done at ${((performance.now() - started) / 1000).toFixed(0)} s`;
  process.stdout.write(`\n── ${title} ${"─".repeat(Math.max(0, 70 - title.length))}\n${share.report}`);
}

/**
 * `npm run typecheck` beside the tests, which do not need it: it keeps a core busy for half a minute
 * that would otherwise come before the first test.
 */
async function typecheck(): Promise<Share> {
  const child = spawn("npm", ["run", "--silent", "typecheck"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const [code] = (await once(child, "close")) as [number | null];
  const passed = code === 0;
  const summary = passed ? "no type errors\n" : `${output}type errors: see above (npm run typecheck)\n`;
  return { pass: "Typecheck", part: "(tsc)", passed, report: summary, fileSeconds: [] };
}

/**
 * The files of a pass in batches: longest first, each into the first batch it fits in (a batch holds a
 * `batchesPerProcess`th of a process's part of the whole run), a file longer than that alone.
 */
function pack(name: string, files: string[], environment: NodeJS.ProcessEnv): Batch[] {
  const expected = (file: string) => {
    const known = knownSeconds[relative(join(root, "test"), file)];
    return known ?? (file.includes("/test/e2e/") ? 8 : 1);
  };
  const total = [...every, ...postgresFiles].reduce((sum, file) => sum + expected(file), 0);
  const room = total / processes / batchesPerProcess;
  const batches: Batch[] = [];
  for (const file of [...files].sort((a, b) => expected(b) - expected(a))) {
    const fitting = batches.find((batch) => batch.seconds + expected(file) <= room);
    if (fitting) {
      fitting.files.push(file);
      fitting.seconds += expected(file);
    } else batches.push({ pass: name, files: [file], seconds: expected(file), environment });
  }
  return batches;
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
