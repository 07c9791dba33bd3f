// The processes of one run of the agent CLIs, found by the home folder they were given (each run signs
// the CLIs in through a home of its own, support/agent-clis/signed-in-home.ts), so a test can tell that
// none outlived its call.

import { readdirSync, readFileSync } from "node:fs";

/** The command lines of the live processes whose environment holds HOME=`home`. */
export function processesWithHome(home: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const environment = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      if (!environment.includes(`HOME=${home}`)) continue;
      if (/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"))) continue;
      found.push(readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").slice(0, 120));
    } catch {
      // It ended, or is not ours to read.
    }
  }
  return found;
}

/** Whether one of `lines` is an agent CLI's (claude, codex, gemini). */
export function holdsAgentCli(lines: readonly string[]): boolean {
  return lines.some((line) => /claude|codex|gemini/.test(line));
}
