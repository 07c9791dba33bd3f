// What a path names when it is not a regular file, in the words a refusal uses: `ask --file` and
// `eval --questions` both refuse such a path from its kind, before reading a byte.

import type { Stats } from "node:fs";

/** What `stats` describe, when not a regular file: "a folder", "a character device", ... */
export function fileKindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isSocket()) return "a socket";
  return "not a file";
}
