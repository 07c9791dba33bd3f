// Claude Code (`claude`, npm @anthropic-ai/claude-code) as a panel model, paid by the user's Claude plan
// (or the key it is set up with). Run as `claude -p --output-format json`, the prompt on stdin, with no
// built-in tool (only Read, Grep and Glob in a workspace), none of the user's MCP servers, no permission
// it would ask for, and no session kept. It prints one JSON object: `result`, `is_error` and `usage`.

import { join } from "node:path";
import type { AgentCliSpec } from "../agent-cli/agent-cli-spec.ts";
import { agentCliVendor } from "../agent-cli/cli-vendor.ts";
import { fileExists, fileHolds, tokens } from "../agent-cli/credential-files.ts";

const cli: AgentCliSpec = {
  command: "claude",
  clientName: /claude[-_ ]?code/i,
  packageName: "@anthropic-ai/claude-code",
  signIn: 'run "claude", then type /login',
  models: ["default", "opus", "sonnet", "haiku"],
  displayName: "Claude Code (your Claude plan)",
  contextWindow: 200_000,
  variables: ["ANTHROPIC_", "CLAUDE_CODE_", "CLAUDE_CONFIG_DIR", "DISABLE_AUTOUPDATER"],
  arguments: ({ modelId, workspace }) => [
    "-p",
    "--output-format",
    "json",
    "--no-session-persistence",
    "--strict-mcp-config",
    "--permission-mode",
    "dontAsk",
    "--tools",
    workspace ? "Read,Grep,Glob" : "",
    "--disallowedTools",
    "Bash,Edit,Write,NotebookEdit,WebFetch",
    ...(modelId === "default" ? [] : ["--model", modelId]),
  ],
  read(stdout) {
    const output = JSON.parse(stdout) as {
      result?: unknown;
      is_error?: unknown;
      usage?: Record<string, unknown>;
    };
    const text = typeof output.result === "string" ? output.result : "";
    if (output.is_error === true) return { failure: text || "it reported an error" };
    if (typeof output.result !== "string") throw new Error("no result");
    const usage = output.usage ?? {};
    const cached = tokens(usage.cache_read_input_tokens) ?? 0;
    const written = tokens(usage.cache_creation_input_tokens) ?? 0;
    const input = tokens(usage.input_tokens);
    return {
      text,
      inputTokens: input === undefined ? undefined : input + cached + written,
      outputTokens: tokens(usage.output_tokens),
      cachedInputTokens: cached || undefined,
    };
  },
  signedIn(home, environment) {
    if (environment.ANTHROPIC_API_KEY?.trim() || environment.CLAUDE_CODE_OAUTH_TOKEN?.trim()) return true;
    const folder = environment.CLAUDE_CONFIG_DIR?.trim() || join(home, ".claude");
    return (
      fileExists(join(folder, ".credentials.json")) ||
      fileHolds(join(home, ".claude.json"), ['"oauthAccount"']) ||
      fileHolds(join(folder, "settings.json"), ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "apiKeyHelper"])
    );
  },
};

/** Claude Code's spec. */
export const claudeCode = agentCliVendor("claude-code", cli);
