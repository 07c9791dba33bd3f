// Gemini CLI (`@google/gemini-cli`, command `gemini`): its snippet is `~/.gemini/settings.json`, written as
// is with the server's `env` holding the test's variables (a `$NAME` value is left for the CLI to expand
// from its own environment), plus the settings a headless run on this machine needs: the API-key sign-in
// (a base URL alone would select the "gateway" sign-in, which headless runs refuse), no usage statistics and
// no update check. Its model: the Gemini API at GOOGLE_GEMINI_BASE_URL with GEMINI_API_KEY. Headless:
// `gemini -p ... --output-format json` in a trusted folder (GEMINI_CLI_TRUST_WORKSPACE), without relaunching
// itself (GEMINI_CLI_NO_RELAUNCH: the relaunch only raises its heap limit, and doubles its start).

import { writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { type AgentCli, prompt } from "./agent-cli.ts";

/** Gemini CLI 0.61.0. */
export const geminiCli: AgentCli = {
  name: "Gemini CLI",
  packageName: "@google/gemini-cli",
  version: "0.61.0",
  binary: "gemini",
  toolName: "mcp_ai-universe_agent_second_opinion",
  whenNotOffered:
    'Gemini CLI offers a server\'s tools in a headless run only when its entry says "trust": true (or with --approval-mode yolo).',
  async prepare(setup) {
    const configuration = join(setup.home, ".gemini");
    await mkdir(configuration);
    const settings = JSON.parse(setup.snippet.block) as { mcpServers: Record<string, { env?: unknown }> };
    const server = settings.mcpServers["ai-universe"];
    if (!server) throw new Error(`Gemini CLI's snippet has no ai-universe server: ${setup.snippet.block}`);
    server.env = setup.serverVariables;
    writeFileSync(
      join(configuration, "settings.json"),
      JSON.stringify({
        ...settings,
        security: { auth: { selectedType: "gemini-api-key" } },
        privacy: { usageStatisticsEnabled: false },
        general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
      }),
    );
    return {
      args: ["-p", prompt, "--output-format", "json"],
      environment: {
        ...setup.environment,
        HOME: setup.home,
        GOOGLE_GEMINI_BASE_URL: setup.modelUrl,
        GEMINI_API_KEY: "scripted-agent-model-key",
        GEMINI_CLI_TRUST_WORKSPACE: "true",
        GEMINI_CLI_NO_RELAUNCH: "true",
      },
    };
  },
};
