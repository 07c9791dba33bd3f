// The environment a server under test runs with: every provider pointed at the local simulator,
// a temporary database and config file, and none of the developer's own keys.

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simulatorVariables } from "../../simulator/environment.ts";

/** A fresh environment: simulator variables, a temp database and a config file with `defaults`. */
export function serverEnvironment(
  simulatorUrl: string,
  defaults: Record<string, unknown> = {},
): { environment: Record<string, string>; directory: string; databasePath: string } {
  const directory = mkdtempSync(join(tmpdir(), "ai-universe-e2e-"));
  const configPath = join(directory, "config.json");
  writeFileSync(
    configPath,
    JSON.stringify({ defaults: { maxRetries: 1, modelDeadlineMs: 5000, ...defaults } }),
  );
  const databasePath = join(directory, "conversations.db");
  return {
    directory,
    databasePath,
    environment: {
      PATH: process.env.PATH ?? "",
      HOME: directory,
      ...simulatorVariables(simulatorUrl, "test-key-0001"),
      AI_UNIVERSE_CONFIG: configPath,
      DATABASE_URL: databasePath,
    },
  };
}
