// Watches how many connections the product nodes hold on a PostgreSQL database while the scale
// benchmark runs: each node has its own pool, so the nodes together must stay under the server's
// max_connections, and the peak this samples shows how close they came.

import pg from "pg";

const sampleEveryMs = 200;

/** A running watch over one database. */
export interface ConnectionWatch {
  /** The server's max_connections. */
  maximum: number;
  /** Ends the watch; resolves with the most connections seen at once, the watch's own left out. */
  stop(): Promise<number>;
}

/** Starts sampling pg_stat_activity for the database at `url`. */
export async function watchConnections(url: string): Promise<ConnectionWatch> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const setting = await client.query<{ max_connections: string }>("SHOW max_connections");
  const count = async () => {
    const result = await client.query<{ connections: number }>(
      "SELECT count(*)::int AS connections FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    return result.rows[0]?.connections ?? 0;
  };
  let peak = 0;
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => {
      peak = Math.max(peak, await count().catch(() => 0));
    });
  }, sampleEveryMs);
  let stopped: Promise<number> | undefined;
  return {
    maximum: Number(setting.rows[0]?.max_connections),
    stop() {
      stopped ??= (async () => {
        clearInterval(timer);
        await sampling;
        await client.end().catch(() => {});
        return peak;
      })();
      return stopped;
    },
  };
}
