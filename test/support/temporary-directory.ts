// Temporary directories for tests, removed when the test file's process exits, however the file ended
// (a failed hook or assertion too), so a test run leaves nothing in the system's temporary directory.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made: string[] = [];

/** A new, empty directory `ai-universe-<purpose>-XXXXXX` in the system's temporary directory. */
export function temporaryDirectory(purpose: string): string {
  if (made.length === 0) process.once("exit", removeAll);
  const directory = mkdtempSync(join(tmpdir(), `ai-universe-${purpose}-`));
  made.push(directory);
  return directory;
}

function removeAll() {
  for (const directory of made) {
    try {
      rmSync(directory, { recursive: true, force: true });
    } catch (error) {
      process.stderr.write(`could not remove ${directory}: ${(error as Error).message}\n`);
    }
  }
}
