// Runs Debian's nginx in the foreground with a site file from deploy/, its upstream servers and
// listen port replaced by the ones under test, everything else as written. A missing nginx fails the
// test with how to install it (.ci/run does); nothing is skipped.

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../support/free-port.ts";

/** A running nginx. */
export interface NginxProcess {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

const binary = ["/usr/sbin/nginx", "nginx"].find(
  (candidate) => spawnSync(candidate, ["-v"], { stdio: "ignore" }).status === 0,
);

/**
 * Starts nginx with the site file at `sitePath`, its `server host:port` upstream lines pointed, in
 * order, at `upstreams` (URLs), and its `listen` at a free local port.
 */
export async function startNginx(sitePath: string, upstreams: string[]): Promise<NginxProcess> {
  if (!binary)
    throw new Error("nginx is not installed: run `apt-get install nginx-light` (.ci/run installs it).");
  const directory = mkdtempSync(join(tmpdir(), "ai-universe-nginx-"));
  chmodSync(directory, 0o755); // nginx's workers run as an unprivileged user
  const port = await freePort();
  let index = 0;
  const site = readFileSync(sitePath, "utf8")
    .replace(
      /^(\s*server )\S+:\d+/gm,
      (_, prefix: string) => `${prefix}${new URL(upstreams[index++] ?? "").host}`,
    )
    .replace(/^(\s*listen )\d+;/m, `$1127.0.0.1:${port};`);
  if (index !== upstreams.length)
    throw new Error(`${sitePath} lists ${index} upstream servers, not ${upstreams.length}`);
  writeFileSync(join(directory, "site.conf"), site);
  writeFileSync(
    join(directory, "nginx.conf"),
    [
      "daemon off;",
      "worker_processes 1;",
      `pid ${join(directory, "nginx.pid")};`,
      "events { worker_connections 1024; }",
      "http {",
      "  access_log off;",
      `  client_body_temp_path ${join(directory, "body")};`,
      `  proxy_temp_path ${join(directory, "proxy")};`,
      `  include ${join(directory, "site.conf")};`,
      "}",
    ].join("\n"),
  );
  const child = spawn(binary, ["-p", directory, "-e", "stderr", "-c", join(directory, "nginx.conf")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}`);
    if (
      await fetch(`${url}/health`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (performance.now() > deadline) throw new Error(`nginx did not answer within 10 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGQUIT");
        await once(child, "exit");
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
