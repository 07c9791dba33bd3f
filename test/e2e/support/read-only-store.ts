// Makes a test server's store read-only, as an operator meets it: on SQLite a database file the server
// cannot write; on PostgreSQL a database whose transactions are read-only (default_transaction_read_only),
// or a role that may only read.
// `makeStoreReadOnly` hands back how to undo it; `readOnlyFile`, called in a test, undoes itself when
// that test ends.

import { execFile } from "node:child_process";
import { chmodSync, chownSync } from "node:fs";
import { after } from "node:test";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The identity a server must run as to meet the read-only store (SQLite as root: nobody). */
export type ServerIdentity = { uid?: number; gid?: number };

/** The ways a store is read-only: a SQLite file; a PostgreSQL database, or a role that may only read. */
export type ReadOnlyKind = "file" | "read-only transactions" | "a role that may only read";

/** The ways the store at `databaseUrl` can be made read-only. */
export function readOnlyKinds(databaseUrl: string): ReadOnlyKind[] {
  return isPostgres(databaseUrl) ? ["read-only transactions", "a role that may only read"] : ["file"];
}

/** What a server meets a read-only store with: the URL to use, the identity to run as, how to undo it. */
export interface ReadOnlyStore {
  databaseUrl: string;
  identity: ServerIdentity;
  undo: () => Promise<void>;
}

/**
 * Makes the store at `databaseUrl` read-only (`kind`, default the first of {@link readOnlyKinds}) for the
 * server about to start. Call `undo` when the test file ends. `directory` holds a SQLite file.
 */
export async function makeStoreReadOnly(
  databaseUrl: string,
  directory: string,
  kind: ReadOnlyKind = readOnlyKinds(databaseUrl)[0] ?? "file",
): Promise<ReadOnlyStore> {
  if (kind === "a role that may only read") return readerRole(databaseUrl);
  const unchanged = { databaseUrl };
  return { ...unchanged, ...(await readOnlyDatabaseOrFile(databaseUrl, directory)) };
}

async function readOnlyDatabaseOrFile(
  databaseUrl: string,
  directory: string,
): Promise<{ identity: ServerIdentity; undo: () => Promise<void> }> {
  if (isPostgres(databaseUrl)) {
    await setReadOnly(databaseUrl, true);
    return { identity: {}, undo: () => setReadOnly(databaseUrl, false) };
  }
  chmodSync(databaseUrl, 0o444);
  if (process.getuid?.() !== 0) return { identity: {}, undo: async () => {} };
  try {
    await run("chattr", ["+i", databaseUrl]);
    return { identity: {}, undo: async () => void (await run("chattr", ["-i", databaseUrl])) };
  } catch {
    return { identity: nobodyOwns(directory), undo: async () => {} };
  }
}

/**
 * Root writes any file whatever its mode, so as root the file is made immutable (chattr +i) or, where the
 * file system cannot, the server runs as nobody, who owns the directory but not the file.
 */
export async function readOnlyFile(path: string, directory: string): Promise<ServerIdentity> {
  if (process.getuid?.() !== 0) return {};
  try {
    await run("chattr", ["+i", path]);
    after(() => run("chattr", ["-i", path]));
    return {};
  } catch {
    return nobodyOwns(directory);
  }
}

/** Hands `directory` to nobody, who may then write in it but not the file root made there. */
function nobodyOwns(directory: string): ServerIdentity {
  chmodSync(directory, 0o755);
  chownSync(directory, 65_534, 65_534);
  return { uid: 65_534, gid: 65_534 };
}

function isPostgres(databaseUrl: string): boolean {
  return /^postgres(ql)?:\/\//.test(databaseUrl);
}

/** A new role that may connect to the database at `databaseUrl` and read its tables, and do no more. */
async function readerRole(databaseUrl: string): Promise<ReadOnlyStore> {
  const url = new URL(databaseUrl);
  const role = `reader_${Math.random().toString(36).slice(2, 10)}`;
  const password = `read-${Math.random().toString(36).slice(2)}`;
  await asAdmin(databaseUrl, async (admin) => {
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
    await admin.query(`GRANT CONNECT ON DATABASE "${url.pathname.slice(1)}" TO ${role}`);
  });
  // Granted in the database itself, where its tables are.
  await asAdmin(
    databaseUrl,
    async (admin) => {
      await admin.query(`GRANT USAGE ON SCHEMA public TO ${role}`);
      await admin.query(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role}`);
    },
    false,
  );
  url.username = role;
  url.password = password;
  return { databaseUrl: url.toString(), identity: {}, undo: async () => {} };
}

/** Runs `work` as the server's administrator, on its `postgres` database or (`onServer` false) on this one. */
async function asAdmin(
  databaseUrl: string,
  work: (admin: { query(sql: string): Promise<unknown> }) => Promise<void>,
  onServer = true,
): Promise<void> {
  const { default: pg } = await import("pg");
  const url = new URL(databaseUrl);
  if (onServer) url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

/** Turns read-only transactions on or off for the database at `databaseUrl`, for its new sessions. */
async function setReadOnly(databaseUrl: string, on: boolean): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  await asAdmin(databaseUrl, async (admin) => {
    await admin.query(`ALTER DATABASE "${name}" SET default_transaction_read_only = ${on ? "on" : "off"}`);
  });
}
