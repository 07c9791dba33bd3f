// Reading provider keys and base URLs from the environment, and collecting the secrets to scrub.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { collectSecrets, readProviderSettings } from "../../src/providers/provider-environment.ts";

describe("readProviderSettings", () => {
  it("reads a provider's key and trims it", () => {
    const settings = readProviderSettings({ OPENAI_API_KEY: "  sk-openai-123  " });
    assert.deepEqual(settings.openai, { apiKey: "sk-openai-123" });
    assert.deepEqual(settings.anthropic, {});
  });

  it("falls back to GEMINI_API_KEY for Google, preferring GOOGLE_GENERATIVE_AI_API_KEY", () => {
    assert.equal(readProviderSettings({ GEMINI_API_KEY: "gemini-key" }).google.apiKey, "gemini-key");
    const both = readProviderSettings({
      GOOGLE_GENERATIVE_AI_API_KEY: "google-key",
      GEMINI_API_KEY: "gemini-key",
    });
    assert.equal(both.google.apiKey, "google-key");
  });

  it("ignores blank values, falling through to the next variable", () => {
    const settings = readProviderSettings({
      GOOGLE_GENERATIVE_AI_API_KEY: "   ",
      GEMINI_API_KEY: "gemini-key",
      ANTHROPIC_API_KEY: "",
      OPENAI_BASE_URL: " ",
    });
    assert.equal(settings.google.apiKey, "gemini-key");
    assert.deepEqual(settings.anthropic, {});
    assert.deepEqual(settings.openai, {});
  });

  it("takes ANTHROPIC_BASE_URL with /v1 or without, as Anthropic's SDKs and Claude Code write it", () => {
    for (const [written, read] of [
      ["https://gateway.example.com", "https://gateway.example.com/v1"],
      ["https://gateway.example.com/", "https://gateway.example.com/v1"],
      ["https://gateway.example.com/anthropic", "https://gateway.example.com/anthropic/v1"],
      ["http://127.0.0.1:8080/anthropic/v1", "http://127.0.0.1:8080/anthropic/v1"],
      ["http://127.0.0.1:8080/v1/", "http://127.0.0.1:8080/v1"],
    ]) {
      assert.equal(readProviderSettings({ ANTHROPIC_BASE_URL: written }).anthropic.baseURL, read, written);
    }
    // Other vendors' base URLs are taken as written.
    assert.equal(
      readProviderSettings({ OPENAI_BASE_URL: "https://o.example" }).openai.baseURL,
      "https://o.example",
    );
  });

  it("reads base URLs, including Ollama's which needs no key", () => {
    const settings = readProviderSettings({
      OPENAI_BASE_URL: "http://127.0.0.1:9000/v1",
      OLLAMA_BASE_URL: "http://gpu-box:11434",
    });
    assert.deepEqual(settings.openai, { baseURL: "http://127.0.0.1:9000/v1" });
    assert.deepEqual(settings.ollama, { baseURL: "http://gpu-box:11434" });
  });
});

describe("collectSecrets", () => {
  it("returns every configured key long enough to scrub safely", () => {
    const settings = readProviderSettings({
      OPENAI_API_KEY: "sk-openai-123",
      XAI_API_KEY: "xai-key-456",
      CEREBRAS_API_KEY: "abc",
      OLLAMA_BASE_URL: "http://gpu-box:11434",
    });
    assert.deepEqual(collectSecrets(settings, [], {}).sort(), ["sk-openai-123", "xai-key-456"]);
  });

  it("includes the key of every model that names its own variable", () => {
    const environment = { LMSTUDIO_API_KEY: "lm-studio-secret", OPENAI_API_KEY: "sk-openai-123" };
    const secrets = collectSecrets(
      readProviderSettings(environment),
      [{ apiKeyEnv: "LMSTUDIO_API_KEY" }, {}],
      environment,
    );
    assert.deepEqual(secrets.sort(), ["lm-studio-secret", "sk-openai-123"]);
  });

  it("includes the metrics token, so no log line or answer can show it", () => {
    const environment = { AI_UNIVERSE_METRICS_TOKEN: " scrape-token-123 " };
    assert.deepEqual(collectSecrets(readProviderSettings(environment), [], environment), [
      "scrape-token-123",
    ]);
  });

  it("is empty when no key is set", () => {
    assert.deepEqual(collectSecrets(readProviderSettings({}), [], {}), []);
  });
});
