// The ai-universe command itself: a bad config file stops it at start with the path, the field and
// the problem; `models` says which models are available and why the others are not.

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
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
});
