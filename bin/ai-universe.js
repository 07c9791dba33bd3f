#!/usr/bin/env node
// Starts ai-universe on a Node that can run it: this one when it is 22.13 or newer; in a clone of the
// repository on an older Node, the Node 24 the repository pins (node_modules/node, installed by
// `npm install`). The installed package (`npx -y ai-universe mcp`) has no pinned Node: on an older
// Node it says which Node to install. The exit code, stdin and stdout (the stdio protocol) pass through
// untouched, and so do signals, but for a terminal's Ctrl-C, which the child already got (see below).
// `serve` takes the Node options it runs with itself, re-executing itself with them under the same pid
// (src/runtime/serve-node-options.ts), whichever Node started it.
// Written to load on old Nodes too: no syntax or module newer than Node 16.

import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = new URL("../", import.meta.url);
const entry = fileURLToPath(new URL("dist/cli/main.js", root));
const pinned = fileURLToPath(
  new URL(`node_modules/node/bin/node${process.platform === "win32" ? ".exe" : ""}`, root),
);
const [major, minor] = process.versions.node.split(".").map(Number);
if (!existsSync(entry)) {
  process.stderr.write(
    `ai-universe: ${entry} is missing. Run "npm install" in ${fileURLToPath(root)} (it builds dist/).\n`,
  );
  process.exit(2);
}
if (major > 22 || (major === 22 && minor >= 13)) {
  await import(pathToFileURL(entry).href);
} else if (!existsSync(pinned)) {
  // A clone has its sources; the installed package does not, and no npm install brings it a Node.
  const clone = existsSync(new URL("src/cli/main.ts", root));
  process.stderr.write(
    `ai-universe: needs Node.js 22.13 or newer, and this is Node.js ${process.versions.node} (${process.execPath}). ` +
      (clone
        ? `Run "npm install" in ${fileURLToPath(root)} to get the Node 24 it pins, or install a current Node.js.\n`
        : 'Install Node.js 22.13 or newer (https://nodejs.org, or "nvm install 24") and run the command again; ' +
          "an MCP client runs npx with the first node on its PATH, so put the new one first there.\n"),
  );
  process.exit(2);
} else {
  // Imported only here: a start on a current Node need not load it.
  const { spawn, spawnSync } = await import("node:child_process");
  const child = spawn(pinned, [entry, ...process.argv.slice(2)], { stdio: "inherit" });
  // SIGTERM and SIGHUP are passed on. SIGINT is passed on only when the child is not in the foreground
  // process group of its terminal: a Ctrl-C there signals that whole group, the child with this
  // launcher, and a second copy would be a second Ctrl-C. A SIGINT to this launcher alone (a
  // supervisor's kill -INT, with no terminal or in the background) reaches the child.
  process.on("SIGTERM", () => child.kill("SIGTERM"));
  process.on("SIGHUP", () => child.kill("SIGHUP"));
  process.on("SIGINT", () => {
    if (!inTerminalForeground(child.pid, spawnSync)) child.kill("SIGINT");
  });
  child.on("error", (error) => {
    process.stderr.write(`ai-universe: cannot start ${pinned}: ${error.message}\n`);
    process.exit(2);
  });
  child.on("exit", (code, signal) => {
    if (code !== null) process.exit(code);
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
}

/**
 * Whether process `pid` is in the foreground process group of its controlling terminal, so that the
 * terminal's Ctrl-C reached it directly. Read from /proc on Linux, else from ps (run with `spawnSync`);
 * false when unknown.
 * On Windows a console's Ctrl-C reaches every process attached to it (and a forwarded SIGINT would
 * kill the child outright).
 */
function inTerminalForeground(pid, spawnSync) {
  if (process.platform === "win32") return true;
  if (pid === undefined) return false;
  try {
    // "pid (name) state ppid pgrp session tty_nr tpgid ...": the name may hold spaces and parentheses;
    // tpgid, the terminal's foreground group, is -1 without a terminal.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [, , group, , , foreground] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return group === foreground;
  } catch {
    const groups = spawnSync("ps", ["-o", "pgid=", "-o", "tpgid=", "-p", String(pid)], { encoding: "utf8" });
    const [group, foreground] = (groups.stdout || "").trim().split(/\s+/);
    return groups.status === 0 && group !== undefined && group === foreground;
  }
}
