// Preloaded with `--import` (through NODE_OPTIONS) into a process under test: records the URL of every
// module the process loads and, when it exits, writes them one per line to the file named by
// RECORD_MODULES_TO. Lets a test see what a start loaded without timing anything.

import { writeFileSync } from "node:fs";
import { registerHooks } from "node:module";

const loaded = new Set<string>();
registerHooks({
  load(url, context, next) {
    loaded.add(url);
    return next(url, context);
  },
});
process.on("exit", () => {
  const file = process.env.RECORD_MODULES_TO;
  if (file) writeFileSync(file, [...loaded].join("\n"));
});
