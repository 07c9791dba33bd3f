// The environment a server under test runs with: every provider pointed at the local simulator,
// a fresh database (a temporary SQLite file, or a new PostgreSQL database on the PostgreSQL pass) and a
// config file, and none of the developer's own keys.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { simulatorVariables } from "../../simulator/environment.ts";
import { temporaryDirectory } from "../../support/temporary-directory.ts";

/**
 * The variable test/e2e-on-postgres.ts sets to the base URL of its running PostgreSQL server
 * (`postgres://user:password@host:port`): when set, every server under test gets a new database there.
 */
export const postgresPassVariable = "AI_UNIVERSE_TEST_POSTGRES";

/**
 * A fresh environment: simulator variables, a config file with `defaults`, and a new database in
 * `DATABASE_URL`: a SQLite file at `databasePath`, or on the PostgreSQL pass a new PostgreSQL database
 * (then nothing is at `databasePath`).
 */
export async function serverEnvironment(
  simulatorUrl: string,
  defaults: Record<string, unknown> = {},
): Promise<{ environment: Record<string, string>; directory: string; databasePath: string }> {
  const directory = temporaryDirectory("e2e");
  const configPath = join(directory, "config.json");
  // A model's deadline long enough for one that answers on a machine busy with the whole test run (5 s
  // was not, once); a test of the deadline itself sets a short one.
  writeFileSync(
    configPath,
    JSON.stringify({ defaults: { maxRetries: 1, modelDeadlineMs: 30_000, ...defaults } }),
  );
  const databasePath = join(directory, "conversations.db");
  const postgresServer = process.env[postgresPassVariable];
  return {
    directory,
    databasePath,
    environment: {
      PATH: process.env.PATH ?? "",
      HOME: directory,
      ...simulatorVariables(simulatorUrl, "test-key-0001"),
      AI_UNIVERSE_CONFIG: configPath,
      DATABASE_URL: postgresServer ? await newPostgresDatabase(postgresServer) : databasePath,
    },
  };
}

/** A new database on the pass's server; the PostgreSQL client is loaded only on that pass. */
async function newPostgresDatabase(serverUrl: string): Promise<string> {
  const { createDatabase } = await import("../../store/create-database.ts");
  return createDatabase(serverUrl);
}
