// The ai-universe command itself: a bad config file stops it at start with the path, the field and
// the problem; `models` says which models are available and why the others are not; an API key is not
// sent over plain HTTP to another machine unless the person says the network is trusted.

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { promisify } from "node:util";
import { loadConfiguration } from "../../src/configuration/configuration.ts";
import { mainScript } from "./support/http-server-process.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const run = promisify(execFile);

describe("ai-universe command", () => {
  it("refuses a bad config file at start, naming the file, the field and the problem", async () => {
    const { environment, directory } = await serverEnvironment("http://127.0.0.1:9");
    const configPath = join(directory, "bad.json");
    writeFileSync(configPath, JSON.stringify({ models: { gemini: { inputPricePerMillion: "cheap" } } }));
    await assert.rejects(
      run(process.execPath, [mainScript, "serve", "--config", configPath], { env: environment }),
      (error) => {
        const { code, stderr } = error as { code: number; stderr: string };
        assert.equal(code, 2);
        assert.ok(stderr.includes(configPath), stderr);
        assert.match(stderr, /models\.gemini\.inputPricePerMillion: .*number/i);
        assert.ok(!stderr.includes("    at "), "no stack trace");
        return true;
      },
    );
  });

  it("lists the models, with the reason each unavailable one cannot be used", async () => {
    const { environment } = await serverEnvironment("http://127.0.0.1:9");
    const bare = Object.fromEntries(
      Object.entries(environment).filter(([name]) => !/^(OPENAI|XAI)_/.test(name)),
    );
    const { stdout } = await run(process.execPath, [mainScript, "models"], {
      env: { ...bare, OLLAMA_BASE_URL: "http://127.0.0.1:9" },
    });
    // The catalog's model ids change with the vendors; the rows are found by the catalog's own ids.
    const models = loadConfiguration({ environment: bare, databaseUrl: ":memory:" }).models;
    const row = (name: string, status: string) => {
      const entry = models.find((model) => model.name === name);
      assert.ok(entry, `the catalog has a model named ${name}`);
      const id = `${entry.provider}/${entry.modelId}`.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      return new RegExp(`^${name}\\s+${id}\\s+${status}`, "m");
    };
    assert.match(stdout, row("gemini", "available$"));
    assert.match(stdout, row("openai", "unavailable: missing key: set OPENAI_API_KEY$"));
    assert.match(stdout, row("ollama", "unavailable: unreachable endpoint: http://127\\.0\\.0\\.1:9/v1"));
  });

  it("refuses to send an API key over plain HTTP to another machine unless told the network is trusted", async (context) => {
    const address = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry?.family === "IPv4" && !entry.internal)?.address;
    if (!address) return context.skip("this machine has no address but loopback");
    const seen: (string | undefined)[] = [];
    const listener = createServer((request, response) => {
      seen.push(request.headers.authorization);
      response.writeHead(401, { "content-type": "application/json" }).end("{}");
    });
    listener.listen(0, address);
    await once(listener, "listening");
    const server = `http://${address}:${(listener.address() as AddressInfo).port}`;
    const { environment } = await serverEnvironment("http://127.0.0.1:9");
    const conversations = (extra: string[], variables: Record<string, string> = {}) =>
      run(
        process.execPath,
        [mainScript, "conversations", "--server", server, "--api-key", "aiu_secret.key", ...extra],
        { env: { ...environment, ...variables } },
      ).then(
        () => ({ code: 0, stderr: "" }),
        (error: { code: number; stderr: string }) => error,
      );
    try {
      const refused = await conversations([]);
      assert.equal(refused.code, 2);
      assert.match(
        refused.stderr,
        /^ai-universe: --server http:\/\/\S+ is plain HTTP to another machine, so the API key would cross the network unencrypted\. Use an https:\/\/ URL, or add --allow-insecure-http .*\n$/,
      );
      assert.equal(seen.length, 0, "the key was sent");
      await conversations(["--allow-insecure-http"]);
      assert.ok(seen.includes("Bearer aiu_secret.key"), "--allow-insecure-http did not let the key go");
      seen.length = 0;
      await conversations([], { AI_UNIVERSE_ALLOW_INSECURE_HTTP: "1" });
      assert.ok(
        seen.includes("Bearer aiu_secret.key"),
        "AI_UNIVERSE_ALLOW_INSECURE_HTTP did not let the key go",
      );
    } finally {
      listener.close();
    }
  });
});
