// A home folder where the real agent CLIs from npm (Claude Code, Codex, Gemini CLI) are signed in, each
// through its own files pointed at the provider simulator, as a user's are pointed at their vendor: Claude
// Code's settings.json `env` (its key and base URL), Codex's config.toml (a provider at the simulator's
// Responses API) and auth.json (its key), Gemini CLI's settings.json (API-key sign-in) and .env (its key
// and base URL). The server run with this home holds no provider key: only the CLIs can answer.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { temporaryDirectory } from "../../../support/temporary-directory.ts";

/** A home (a new one unless `home` is given) where the three CLIs are signed in against `simulatorUrl`. */
export function signedInHome(simulatorUrl: string, home = temporaryDirectory("agent-cli-home")): string {
  for (const folder of [".claude", ".codex", ".gemini"]) mkdirSync(join(home, folder));
  writeFileSync(
    join(home, ".claude", "settings.json"),
    JSON.stringify({
      env: {
        ANTHROPIC_API_KEY: "simulated-anthropic",
        ANTHROPIC_BASE_URL: `${simulatorUrl}/anthropic`,
        DISABLE_AUTOUPDATER: "1",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      },
    }),
  );
  writeFileSync(
    join(home, ".codex", "config.toml"),
    [
      'model = "gpt-5.5"',
      'model_provider = "simulator"',
      "[analytics]",
      "enabled = false",
      "[model_providers.simulator]",
      'name = "Provider simulator"',
      `base_url = "${simulatorUrl}/openai/v1"`,
      'wire_api = "responses"',
      "requires_openai_auth = true",
      "",
    ].join("\n"),
  );
  writeFileSync(join(home, ".codex", "auth.json"), JSON.stringify({ OPENAI_API_KEY: "simulated-openai" }));
  writeFileSync(
    join(home, ".gemini", "settings.json"),
    JSON.stringify({
      security: { auth: { selectedType: "gemini-api-key" } },
      privacy: { usageStatisticsEnabled: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    }),
  );
  writeFileSync(
    join(home, ".gemini", ".env"),
    `GEMINI_API_KEY=simulated-gemini\nGOOGLE_GEMINI_BASE_URL=${simulatorUrl}/google\n`,
  );
  return home;
}
