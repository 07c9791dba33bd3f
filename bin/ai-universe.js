#!/usr/bin/env node
// Starts ai-universe on a Node that can run it: this one when it is 22.13 or newer; in a clone of the
// repository on an older Node, the Node 24 the repository pins (node_modules/node, installed by
// `npm install`). The installed package (`npx -y ai-universe mcp`) has no pinned Node: on an older
// Node it says which Node to install. Signals, the exit code, stdin and stdout (the stdio protocol)
// pass through untouched.
// Written to load on old Nodes too: no syntax or module newer than Node 16.

import { existsSync } from "node:fs";
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
  const { spawn } = await import("node:child_process");
  const child = spawn(pinned, [entry, ...process.argv.slice(2)], { stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
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
