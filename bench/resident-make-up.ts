// What a process's resident memory is made of, from /proc/self/smaps (Linux): the pages of the `node`
// binary, malloc's main heap (native memory: sockets, parsers, SQLite), and anonymous mappings, which
// hold V8's heap and whatever else maps memory of its own (other malloc arenas, buffers, thread stacks).
// The benchmark's probe reads it when asked for resident memory; docs/scale.md ("Memory profiles") reads a
// burst's make-up from it.

import { readFileSync } from "node:fs";

/** Resident bytes by kind of mapping. */
export interface ResidentMakeUp {
  binary: number;
  malloc: number;
  anonymous: number;
  other: number;
}

/** The make-up of this process's resident memory, or undefined where /proc/self/smaps cannot be read. */
export function residentMakeUp(): ResidentMakeUp | undefined {
  let text: string;
  try {
    text = readFileSync("/proc/self/smaps", "utf8");
  } catch {
    return undefined;
  }
  const makeUp: ResidentMakeUp = { binary: 0, malloc: 0, anonymous: 0, other: 0 };
  let kind: keyof ResidentMakeUp = "other";
  for (const line of text.split("\n")) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      kind = kindOf(mapping[1] ?? "");
      continue;
    }
    const resident = /^Rss:\s+(\d+) kB/.exec(line);
    if (resident) makeUp[kind] += Number(resident[1]) * 1024;
  }
  return makeUp;
}

function kindOf(path: string): keyof ResidentMakeUp {
  if (path === "") return "anonymous";
  if (path === "[heap]") return "malloc";
  if (path === process.execPath || path.endsWith("/node")) return "binary";
  return "other";
}
