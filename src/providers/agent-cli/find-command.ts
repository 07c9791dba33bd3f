// Finds a command on PATH the way a shell would, without running anything: the first folder of PATH
// holding an executable file of that name.

import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

/** The full path of `command` on `environment`'s PATH, or undefined when no folder of it has one. */
export function findCommand(
  command: string,
  environment: Record<string, string | undefined>,
): string | undefined {
  for (const folder of (environment.PATH ?? "").split(delimiter)) {
    if (!folder) continue;
    const candidate = join(folder, command);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}
