// The terminal's part of `npm run bench -- --streams`: `ai-universe ask --server` in a real pseudo-terminal
// (util-linux `script`, 100 columns), so its live block draws every answer as it forms, against one server
// whose six opinions and synthesis stream in pieces of 24 characters, each opinion 20,000 or 200,000
// characters of words or of one unbroken run. What is measured is the command's own CPU (user and
// system, from GNU time), less that of the same question answered in a few words: what the answers cost
// it. Printed: the figures, and as an aim its growth from 20,000 to 200,000 characters (at most 12.5,
// ten times the text).

import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startHttpServerProcess } from "../test/e2e/support/http-server-process.ts";
import { serverEnvironment } from "../test/e2e/support/server-environment.ts";
import { startProviderSimulator } from "../test/simulator/provider-simulator.ts";
import { type Aim, atMost, times } from "./aims.ts";
import { progress } from "./bench-process.ts";
import { answerWith, opinionModels, type Shape, shapes, synthesisModel } from "./stream-answers.ts";

/** The command as users run it: the built program (its start is a tenth of the sources'). */
const program = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const shellQuote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;
const timeProgram = "/usr/bin/time";
/** Runs per figure; the least is kept (what else the machine does only ever adds to a process's CPU). */
const runs = 5;

/** The CPU ms of one `ask --server` in a pseudo-terminal. */
async function askInTerminal(environment: Record<string, string>, server: string, timing: string) {
  const args = [
    "ask",
    "How long can an answer be?",
    "--server",
    server,
    "--primary",
    opinionModels[0] as string,
    "--models",
    opinionModels.slice(1).join(","),
    "--synthesis-model",
    synthesisModel,
  ];
  const command = `stty rows 40 cols 100; exec ${[timeProgram, "-o", timing, "-f", "%U %S", process.execPath, program, ...args].map(shellQuote).join(" ")}`;
  const child = spawn("script", ["-qfec", command, "/dev/null"], {
    env: { ...environment, TERM: "xterm-256color", COLUMNS: "100", LINES: "40" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let shown = 0;
  let tail = "";
  child.stdout.on("data", (chunk: Buffer) => {
    shown += chunk.length;
    tail = (tail + chunk.toString("utf8")).slice(-2000);
  });
  const [status] = (await once(child, "exit")) as [number | null];
  if (status !== 0) throw new Error(`ask exited with ${status}: ${tail}`);
  if (shown < 1000) throw new Error(`ask showed only ${shown} bytes: ${tail}`);
  const [user, system] = readFileSync(timing, "utf8").trim().split(/\s+/).map(Number);
  return ((user ?? 0) + (system ?? 0)) * 1000;
}

/**
 * Measures the terminal's CPU at each size and shape and prints it; returns the aims on its growth,
 * missed (with "not measured") where GNU time is missing.
 */
export async function measureTerminal(): Promise<Aim[]> {
  if (!existsSync(timeProgram)) {
    console.log(`\nthe terminal was not measured: ${timeProgram} (GNU time) is missing`);
    return [{ name: "terminal's live block: growth <= 12.5x", figure: "not measured", met: false }];
  }
  const simulator = await startProviderSimulator();
  const prepared = await serverEnvironment(simulator.url, {
    maxRetries: 0,
    modelDeadlineMs: 600_000,
    requestDeadlineMs: 600_000,
    answerWithinMs: 600_000,
  });
  const server = await startHttpServerProcess(prepared.environment);
  const timing = join(prepared.directory, "time.txt");
  const figures = new Map<string, number>();
  const measure = async (label: string, answer: string | undefined) => {
    answerWith(simulator, answer);
    progress(`terminal: ${label}`);
    const cpu: number[] = [];
    for (let run = 0; run < runs; run++)
      cpu.push(await askInTerminal(prepared.environment, server.url, timing));
    figures.set(label, Math.min(...cpu));
  };
  try {
    await measure("a few words", undefined);
    for (const shape of Object.keys(shapes) as Shape[])
      for (const size of [20_000, 200_000]) await measure(`${shape} ${size}`, shapes[shape](size));
  } finally {
    await server.stop();
    await simulator.close();
    rmSync(prepared.directory, { recursive: true, force: true });
  }
  const base = figures.get("a few words") ?? 0;
  console.log(
    `\nthe terminal (ask --server in a pseudo-terminal, the live block drawing every answer), CPU ms of the command:\n`,
  );
  console.log(
    "| answer | a few words | 20,000 characters | 200,000 characters | growth, less a few words' |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: |");
  const aims: Aim[] = [];
  for (const shape of Object.keys(shapes) as Shape[]) {
    const small = figures.get(`${shape} 20000`) ?? 0;
    const large = figures.get(`${shape} 200000`) ?? 0;
    const growth = (large - base) / (small - base);
    console.log(
      `| ${shape} | ${base.toFixed(0)} | ${small.toFixed(0)} | ${large.toFixed(0)} | ${growth.toFixed(2)} |`,
    );
    // Within the noise of the command's own start, the answers of 20,000 characters cost nothing to
    // see, and no growth can be read: the aim is missed, as the figure cannot show it met.
    const aim = atMost(
      `terminal's live block, ${shape}: 20,000 to 200,000 chars <= 12.5x`,
      growth,
      12.5,
      times,
    );
    aims.push(small - base > 20 ? aim : { ...aim, figure: "n/a", met: false });
  }
  return aims;
}
