// Runs Debian's nginx in the foreground with a site file from deploy/, its upstream servers and
// listen port replaced by the ones under test, everything else as written. A missing nginx fails the
// test at once with how to install it (`npm test` does when it can); nothing is skipped.

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../../support/free-port.ts";
import { requireTool } from "../../support/system-tools.ts";
import { temporaryDirectory } from "../../support/temporary-directory.ts";

/** A running nginx. */
export interface NginxProcess {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts nginx with the site file at `sitePath`, its `server host:port` upstream lines pointed, in
 * order, at `upstreams` (URLs), and its `listen` at a free local port.
 */
export async function startNginx(sitePath: string, upstreams: string[]): Promise<NginxProcess> {
  const binary = requireTool("nginx");
  const directory = temporaryDirectory("nginx");
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
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGQUIT");
      await once(child, "exit");
    }
    rmSync(directory, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + 10_000;
  for (;;) {
    const failure =
      child.exitCode !== null || child.signalCode !== null
        ? `nginx exited with ${child.exitCode ?? child.signalCode}`
        : performance.now() > deadline
          ? "nginx did not answer within 10 s"
          : undefined;
    if (failure) {
      await stop();
      throw new Error(`${failure}:\n${output}`);
    }
    if (
      await fetch(`${url}/health`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, process: child, stop };
}
