// Runs a command in a terminal pane and prints how it ended, "[exited with 130]" or "[killed by SIGINT]",
// for a test that reads the pane (tmux-pane.ts). It stays in the command's process group, the
// terminal's foreground group, and does nothing with the keys' signals itself, so the command meets
// the terminal's Ctrl-C as it would when run directly.

import { spawn } from "node:child_process";

const [file = "", ...args] = process.argv.slice(2);
for (const signal of ["SIGINT", "SIGQUIT", "SIGTSTP"] as const) process.on(signal, () => {});
const child = spawn(file, args, { stdio: "inherit" });
child.on("error", (error) => process.stdout.write(`\n[cannot start ${file}: ${error.message}]\n`));
child.on("exit", (code, signal) => {
  process.stdout.write(`\n[${code === null ? `killed by ${signal}` : `exited with ${code}`}]\n`);
});
