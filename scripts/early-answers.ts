// Writes the early answers of a stdio start (src/stdio/early-answers.ts) into the bundle's folder, one
// file per naming style: what the server itself answers to `initialize`, `tools/list` and
// `server/discover` on every revision, so a built start gives them before it loads the server.
// rolldown.config.ts runs it after each build: `node scripts/early-answers.ts dist/cli`.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { captureEarlyAnswers } from "../src/stdio/early-answer-capture.ts";
import { earlyAnswersFile } from "../src/stdio/early-answers.ts";

const directory = process.argv[2];
if (!directory) throw new Error("usage: node scripts/early-answers.ts DIRECTORY");
for (const style of ["portable", "dotted"] as const) {
  const name = earlyAnswersFile(style).pathname.split("/").pop() ?? "";
  writeFileSync(join(directory, name), JSON.stringify(await captureEarlyAnswers(style)));
}
