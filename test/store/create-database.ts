// A new, empty database on a PostgreSQL server the tests started, possibly in another process (the
// end-to-end PostgreSQL pass starts one server and each test process creates its databases there).
// Only the PostgreSQL client is loaded here, not the server's binaries or their exit hooks.

import { randomUUID } from "node:crypto";
import pg from "pg";

/**
 * Creates a new, empty database on the server at `serverUrl` (`postgres://user:password@host:port`,
 * no database) and returns its URL. Keeps no connection open.
 */
export async function createDatabase(serverUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    const name = databaseName();
    await admin.query(`CREATE DATABASE ${name}`);
    return `${serverUrl}/${name}`;
  } finally {
    await admin.end();
  }
}

/** A database name no other test process picks. */
export function databaseName(): string {
  return `test_${randomUUID().replaceAll("-", "")}`;
}
