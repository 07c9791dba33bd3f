// CI's `npm audit` of the repository's lock file (.ci/run): every package in it, devDependencies too,
// since the packages bundled into dist/cli are devDependencies and a user's own `npm audit` cannot see
// them. Fails on a high or critical advisory, naming each package, its severity and the advisories.
// An audit that cannot be had (the registry's advisory endpoint failing or out of reach, as on a
// machine whose registry proxy refuses the advisory request) is retried once, then said in one line on
// stderr, and the run goes on: the check did not run, and the log says so, but a registry that cannot
// answer is no advisory against the code.

import { execFile } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";

const run = promisify(execFile);

const attempts = 2;
const pauseMs = 3_000;

/** What `npm audit --json` prints: the report, or why there is none. */
interface AuditOutput {
  vulnerabilities?: Record<string, { severity: string; via: (string | { title?: string; url?: string })[] }>;
  metadata?: { vulnerabilities: Record<string, number> };
  message?: string;
  error?: { summary?: string; detail?: string };
}

/** Runs `npm audit --json` once; its output whatever its exit code (non-zero when it finds any). */
async function audit(): Promise<AuditOutput> {
  const { stdout } = await run("npm", ["audit", "--json"], { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string; message: string }) => ({
      stdout: error.stdout || JSON.stringify({ message: error.message }),
    }),
  );
  return JSON.parse(stdout) as AuditOutput;
}

let output: AuditOutput = {};
for (let attempt = 1; attempt <= attempts; attempt++) {
  output = await audit();
  if (output.metadata) break;
  const reason = output.message || output.error?.summary || "no report";
  process.stderr.write(`npm audit: attempt ${attempt} of ${attempts} got no report: ${reason}\n`);
  if (attempt < attempts) await sleep(pauseMs * attempt);
}
if (!output.metadata) {
  process.stderr.write(
    "npm audit: NOT RUN: the registry's advisory endpoint gave no report, so the lock file is not audited this time.\n",
  );
  process.exit(0);
}
const counts = output.metadata.vulnerabilities;
const serious = Object.entries(output.vulnerabilities ?? {}).filter(([, entry]) =>
  ["high", "critical"].includes(entry.severity),
);
const summary = ["critical", "high", "moderate", "low"]
  .map((level) => `${counts[level] ?? 0} ${level}`)
  .join(", ");
if (serious.length === 0) {
  process.stdout.write(`npm audit: no high or critical advisory in the lock file (${summary}).\n`);
} else {
  for (const [name, entry] of serious) {
    const advisories = entry.via
      .map((via) =>
        typeof via === "string" ? `through ${via}` : `${via.title ?? ""} ${via.url ?? ""}`.trim(),
      )
      .join("; ");
    process.stderr.write(`npm audit: ${name}: ${entry.severity}: ${advisories}\n`);
  }
  process.stderr.write(`npm audit: failed: ${summary}; "npm audit" says what fixes them.\n`);
  process.exit(1);
}
