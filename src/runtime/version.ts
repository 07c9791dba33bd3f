// The program's version, read from package.json with nothing else loaded, so `ai-universe --version`
// answers as fast as Node starts.

import { readFileSync } from "node:fs";

/** The program's version, from package.json. */
export const version: string = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;
