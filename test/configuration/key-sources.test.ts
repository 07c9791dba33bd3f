// Where each key and endpoint was read: the environment variable, the config file entry, and the agent
// CLI that likely passed it on (Claude Code passes its whole environment, Gemini CLI all but its secrets,
// Codex marks nothing); never a key, nor more of a URL than its host.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { loadConfiguration } from "../../src/configuration/configuration.ts";
import { describeKeySources, hostOf, startingAgent } from "../../src/configuration/key-sources.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

/** The sources for `environment` and the built-in catalog (plus the config file at `configPath`). */
function sourcesOf(environment: Record<string, string>, configPath?: string) {
  return describeKeySources(loadConfiguration({ environment, ...(configPath ? { configPath } : {}) }));
}

const key = "sk-ant-secret-value-4242";

describe("describeKeySources", () => {
  it("names the variable a provider's key was read from, and leaves out providers with nothing set", () => {
    const sources = sourcesOf({
      ANTHROPIC_API_KEY: key,
      GOOGLE_GENERATIVE_AI_API_KEY: " ",
      GEMINI_API_KEY: "g",
    });
    assert.deepEqual(sources, [
      { provider: "anthropic", key: { variable: "ANTHROPIC_API_KEY" } },
      // A blank variable is unset: the key was read from the next one.
      { provider: "google", key: { variable: "GEMINI_API_KEY" } },
    ]);
    assert.ok(!JSON.stringify(sources).includes(key), "a key was shown");
  });

  it("shows a base URL as its host alone: no credentials, path or query", () => {
    const sources = sourcesOf({
      OPENAI_API_KEY: "o",
      OPENAI_BASE_URL: "https://someone:hunter2@gateway.example.com:8443/openai/v1?token=abc#part",
    });
    assert.deepEqual(sources, [
      {
        provider: "openai",
        key: { variable: "OPENAI_API_KEY" },
        endpoint: { host: "gateway.example.com:8443", variable: "OPENAI_BASE_URL" },
      },
    ]);
    assert.doesNotMatch(JSON.stringify(sources), /hunter2|someone|token|abc|openai\/v1/);
  });

  it("names the config file entry and file of a model's own key variable and endpoint", () => {
    const directory = temporaryDirectory("key-sources");
    const configPath = join(directory, "config.json");
    writeFileSync(
      configPath,
      JSON.stringify({
        models: {
          studio: {
            provider: "openai-compatible",
            modelId: "qwen3",
            baseURL: "http://user:pass@127.0.0.1:1234/v1?key=inline",
            apiKeyEnv: "STUDIO_API_KEY",
          },
        },
      }),
    );
    const sources = sourcesOf({ STUDIO_API_KEY: key }, configPath);
    assert.deepEqual(sources, [
      {
        provider: "openai-compatible",
        model: "studio",
        key: { variable: "STUDIO_API_KEY", configEntry: "models.studio.apiKeyEnv", configPath },
        endpoint: { host: "127.0.0.1:1234", configEntry: "models.studio.baseURL", configPath },
      },
    ]);
    assert.doesNotMatch(JSON.stringify(sources), /pass|inline|sk-ant/);
  });

  it("says a key and base URL are likely Claude Code's own when Claude Code started the process", () => {
    const [anthropic, ...others] = sourcesOf({
      CLAUDECODE: "1",
      ANTHROPIC_API_KEY: key,
      ANTHROPIC_BASE_URL: "https://user:pw@llm-proxy.example.com/anthropic",
    });
    assert.deepEqual(others, []);
    const claudeCode = { agent: "Claude Code", marker: "CLAUDECODE=1" };
    assert.deepEqual(anthropic?.key, { variable: "ANTHROPIC_API_KEY", passedOnBy: claudeCode });
    assert.deepEqual(anthropic?.endpoint, {
      host: "llm-proxy.example.com",
      variable: "ANTHROPIC_BASE_URL",
      passedOnBy: claudeCode,
    });
    const note = anthropic?.note ?? "";
    assert.match(
      note,
      /^Claude Code started this process \(CLAUDECODE=1\) and passes its own environment on/,
    );
    assert.match(
      note,
      /unless the "env" of ai-universe's entry in its MCP settings sets ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL/,
    );
    assert.match(note, /ai-universe bills that key and sends its Anthropic calls to llm-proxy\.example\.com/);
    assert.match(note, /"ANTHROPIC_BASE_URL": "" calls Anthropic directly/);
    assert.doesNotMatch(JSON.stringify(anthropic), /sk-ant|pw@|user:/);
  });

  it("says only a base URL is passed on by Gemini CLI, which keeps keys from the servers it starts", () => {
    const [anthropic] = sourcesOf({
      GEMINI_CLI: "1",
      ANTHROPIC_API_KEY: key,
      ANTHROPIC_BASE_URL: "http://127.0.0.1:4000",
    });
    assert.deepEqual(anthropic?.key, { variable: "ANTHROPIC_API_KEY" });
    assert.deepEqual(anthropic?.endpoint?.passedOnBy, { agent: "Gemini CLI", marker: "GEMINI_CLI=1" });
    assert.match(
      anthropic?.note ?? "",
      /it is likely Gemini CLI's own, and sends its Anthropic calls to 127\.0\.0\.1:4000/,
    );
    assert.doesNotMatch(anthropic?.note ?? "", /bills/);
  });

  it("claims no agent without its mark: Codex sets none, so its servers' keys read as from the environment", () => {
    const sources = sourcesOf({ OPENAI_API_KEY: "o", CLAUDECODE: "0", CODEX_HOME: "/home/me/.codex" });
    assert.deepEqual(sources, [{ provider: "openai", key: { variable: "OPENAI_API_KEY" } }]);
    assert.equal(startingAgent({ CODEX_HOME: "/home/me/.codex" }), undefined);
    assert.deepEqual(startingAgent({ CLAUDECODE: "1" }), { agent: "Claude Code", marker: "CLAUDECODE=1" });
  });
});

describe("hostOf", () => {
  it("keeps the host and port, reads a URL without a scheme as http, and never echoes what it cannot read", () => {
    assert.equal(hostOf("https://a:b@api.example.com/v1?key=1"), "api.example.com");
    assert.equal(hostOf("localhost:11434"), "localhost:11434");
    assert.equal(hostOf("http://[::1]:8080/v1"), "[::1]:8080");
    assert.equal(hostOf("http://exa mple.com/sk-secret"), "(an unreadable URL)");
  });
});
