// Codex (`@openai/codex`, command `codex`): its snippet is a table of `~/.codex/config.toml`, written as is
// with its `env` table holding the server's variables (Codex passes a server only HOME, PATH and a few more,
// besides what `env` and `env_vars` name). Its model is a provider of the same file pointed at the scripted
// model (the OpenAI Responses API); the model is "gpt-5.5", for which Codex defers MCP tools behind its tool
// search (the scripted model searches, as a real one does). Headless: `codex exec --json`.

import { writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { type AgentCli, prompt } from "./agent-cli.ts";

/** The model Codex is told it talks to. */
export const codexModel = "gpt-5.5";

/** Codex 0.171.0. */
export const codex: AgentCli = {
  name: "Codex",
  packageName: "@openai/codex",
  version: "0.171.0",
  binary: "codex",
  toolName: "mcp__ai_universe/agent_second_opinion",
  whenNotOffered:
    "Codex waits for an MCP server only when its entry says `required = true`; otherwise one slower to start than about a second is left out, and its tool search finds nothing.",
  async prepare(setup) {
    const configuration = join(setup.home, ".codex");
    await mkdir(configuration);
    writeFileSync(
      join(configuration, "config.toml"),
      [
        `model = "${codexModel}"`,
        `model_provider = "scripted"`,
        "",
        "[analytics]",
        "enabled = false",
        "",
        "[model_providers.scripted]",
        `name = "Scripted agent model"`,
        `base_url = "${setup.modelUrl}/v1"`,
        `wire_api = "responses"`,
        `env_key = "OPENAI_API_KEY"`,
        "",
        withEnvironment(setup.snippet.block, setup.serverVariables),
      ].join("\n"),
    );
    return {
      args: ["exec", "--json", "--skip-git-repo-check", prompt],
      environment: { ...setup.environment, HOME: setup.home, OPENAI_API_KEY: "sk-scripted-agent-model" },
    };
  },
};

/** The snippet's TOML with its `env` line (or a new one under the server's table) holding `variables`. */
function withEnvironment(block: string, variables: Record<string, string>): string {
  const pairs = Object.entries(variables).map(([name, value]) => `"${name}" = ${JSON.stringify(value)}`);
  const line = `env = { ${pairs.join(", ")} }`;
  return /^env = \{.*\}$/m.test(block)
    ? block.replace(/^env = \{.*\}$/m, line)
    : block.replace(/^\[mcp_servers\.ai-universe\]$/m, (header) => `${header}\n${line}`);
}
