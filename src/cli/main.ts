#!/usr/bin/env node
// The `ai-universe` command's entry point. It first checks the Node version, with nothing imported
// that an older Node cannot load (node:sqlite), so an old Node gets one line saying what to do
// instead of a stack trace; then it runs the command. `--version` alone is answered before the
// command line's parser (and the configuration it brings) is loaded: scripts and clients probe with it.
// Node's compile cache is on (in the system's temporary directory; NODE_DISABLE_COMPILE_CACHE=1 turns
// it off): from the second start on, the modules' code is read from it rather than compiled again,
// which MCP clients, spawning the stdio server at each of their own starts, feel most. `serve` takes
// the Node options it runs with here, before anything else is loaded (src/runtime/serve-node-options.ts).
// `mcp` first answers the client's `initialize` and `tools/list` with the server's own answers, kept by
// the build (src/stdio/early-answers.ts), then loads the rest: a client that lists tools at once (Codex
// waits about a second) has them before the configuration, the store, the models and the engine.

import module from "node:module";

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 13)) {
  process.stderr.write(
    `ai-universe: needs Node.js 22.13 or newer, and this is Node.js ${process.versions.node}. ` +
      "Install a current Node.js (https://nodejs.org), or start it with bin/ai-universe.js from the repository after npm install, which uses the Node it pins.\n",
  );
  process.exit(2);
}

module.enableCompileCache();

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v")) {
  const { version } = await import("../runtime/version.ts");
  process.stdout.write(`ai-universe ${version}\n`);
} else {
  // `serve` first takes the Node options of its memory profile, re-executing itself when it lacks them.
  if (argv[0] === "serve") (await import("../runtime/serve-node-options.ts")).reexecuteForServe();
  const early =
    argv[0] === "mcp" ? (await import("../stdio/stdio-server.ts")).answerEarly(argv, process.env) : undefined;
  await early?.opened;
  const { runCommand } = await import("./run-command.ts");
  process.exitCode = await runCommand(argv);
  // A start that failed before serving stops reading stdin, so the process ends.
  early?.close();
  // Ctrl-C came again during a clean stop, which has now stored what it did: leave without waiting
  // for what is still open.
  if ((await import("./stop-signals.ts")).stopNow()) process.exit();
}
