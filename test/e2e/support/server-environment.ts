// The environment a server under test runs with: every provider pointed at the local simulator,
// a temporary database and config file, and none of the developer's own keys.

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Provider variables pointing at the simulator at `url`. */
export function simulatorVariables(url: string): Record<string, string> {
  return {
    OPENAI_API_KEY: "test-openai-key-0001",
    OPENAI_BASE_URL: `${url}/openai/v1`,
    ANTHROPIC_API_KEY: "test-anthropic-key-0001",
    ANTHROPIC_BASE_URL: `${url}/anthropic/v1`,
    GEMINI_API_KEY: "test-gemini-key-0001",
    GOOGLE_GENERATIVE_AI_BASE_URL: `${url}/google/v1beta`,
    XAI_API_KEY: "test-xai-key-0001",
    XAI_BASE_URL: `${url}/xai/v1`,
    CEREBRAS_API_KEY: "test-cerebras-key-0001",
    CEREBRAS_BASE_URL: `${url}/cerebras/v1`,
    PERPLEXITY_API_KEY: "test-perplexity-key-0001",
    PERPLEXITY_BASE_URL: `${url}/perplexity`,
    OPENROUTER_API_KEY: "test-openrouter-key-0001",
    OPENROUTER_BASE_URL: `${url}/openrouter/api/v1`,
  };
}

/** A fresh environment: simulator variables, a temp database and a config file with `defaults`. */
export function serverEnvironment(
  simulatorUrl: string,
  defaults: Record<string, unknown> = {},
): { environment: Record<string, string>; directory: string; databasePath: string } {
  const directory = mkdtempSync(join(tmpdir(), "ai-universe-e2e-"));
  const configPath = join(directory, "config.json");
  writeFileSync(
    configPath,
    JSON.stringify({ defaults: { maxRetries: 1, modelDeadlineMs: 5000, ...defaults } }),
  );
  const databasePath = join(directory, "conversations.db");
  return {
    directory,
    databasePath,
    environment: {
      PATH: process.env.PATH ?? "",
      HOME: directory,
      ...simulatorVariables(simulatorUrl),
      AI_UNIVERSE_CONFIG: configPath,
      DATABASE_URL: databasePath,
    },
  };
}
