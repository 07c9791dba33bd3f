// A second program holding the write lock of a database file, as a backup or a sqlite3 shell would:
// it takes the lock, prints "locked", and releases it when its standard input closes.

import { DatabaseSync } from "node:sqlite";

const database = new DatabaseSync(process.argv[2] ?? "");
database.exec("BEGIN IMMEDIATE");
process.stdout.write("locked\n");
process.stdin.resume();
process.stdin.on("end", () => {
  database.exec("ROLLBACK");
  database.close();
});
