// Whether the database file the store has open is still the file at its path. When the data directory
// is removed or the file replaced while the server runs, writes would go to a file nobody will ever
// open again: they must be refused rather than acknowledged.

import { type BigIntStats, statSync } from "node:fs";

/** Remembers the file at `location` and tells whether it has changed since. */
export class FileIdentity {
  readonly #location: string;
  readonly #device: bigint;
  readonly #inode: bigint;

  constructor(location: string) {
    const stats = statSync(location, { bigint: true });
    this.#location = location;
    this.#device = stats.dev;
    this.#inode = stats.ino;
  }

  /** Undefined while the path still names the opened file; otherwise what happened to it. */
  change(): string | undefined {
    let stats: BigIntStats | undefined;
    try {
      stats = statSync(this.#location, { bigint: true, throwIfNoEntry: false });
    } catch (error) {
      return `cannot be checked (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
    }
    if (stats === undefined) return "was removed (or its directory was)";
    if (stats.dev !== this.#device || stats.ino !== this.#inode) return "was replaced by another file";
    return undefined;
  }
}
