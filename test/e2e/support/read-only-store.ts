// Makes a test server's store read-only, as an operator meets it: on SQLite a database file the server
// cannot write, on PostgreSQL a database whose transactions are read-only (default_transaction_read_only).
// `makeStoreReadOnly` hands back how to undo it; `readOnlyFile`, called in a test, undoes itself when
// that test ends.

import { execFile } from "node:child_process";
import { chmodSync, chownSync } from "node:fs";
import { after } from "node:test";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The identity a server must run as to meet the read-only store (SQLite as root: nobody). */
export type ServerIdentity = { uid?: number; gid?: number };

/**
 * Makes the store at `databaseUrl` read-only for the server about to start; returns the identity to run
 * it as and `undo`, to call when the test file ends. `directory` holds a SQLite file.
 */
export async function makeStoreReadOnly(
  databaseUrl: string,
  directory: string,
): Promise<{ identity: ServerIdentity; undo: () => Promise<void> }> {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
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

/** Turns read-only transactions on or off for the database at `databaseUrl`, for its new sessions. */
async function setReadOnly(databaseUrl: string, on: boolean): Promise<void> {
  const { default: pg } = await import("pg");
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE "${name}" SET default_transaction_read_only = ${on ? "on" : "off"}`);
  } finally {
    await admin.end();
  }
}
