// Claude Code (`@anthropic-ai/claude-code`, command `claude`): its snippet is a `claude mcp add` command line,
// run as written in the CLI's home and working directory (a server of the "local" scope, kept for that
// directory), each `--env` placeholder given the test's value and the test's other variables added as more
// `--env`. Claude Code passes its own environment on to the servers it starts, ANTHROPIC_API_KEY and
// ANTHROPIC_BASE_URL included (pointed here at the scripted model), so the server's own are given with
// `--env`, which wins. Headless: `claude -p ... --output-format json`, the tool allowed with `--allowedTools`
// (without it the call is refused: "you haven't granted it yet"). Its model: the Anthropic Messages API at
// ANTHROPIC_BASE_URL with ANTHROPIC_API_KEY.

import { commandWords } from "../client-snippets.ts";
import { type AgentCli, prompt } from "./agent-cli.ts";
import { runBounded } from "./bounded-process.ts";

/** Claude Code 2.1.197. */
export const claudeCode: AgentCli = {
  name: "Claude Code",
  packageName: "@anthropic-ai/claude-code",
  version: "2.1.197",
  binary: "claude",
  toolName: "mcp__ai-universe__agent_second_opinion",
  whenNotOffered:
    "Claude Code waits 5 s (MCP_CONNECT_TIMEOUT_MS) for its MCP servers, then offers WaitForMcpServers for those still connecting, which the scripted model calls again while it is offered without our tool (a minute at most).",
  async prepare(setup, command) {
    const environment = {
      ...setup.environment,
      HOME: setup.home,
      ANTHROPIC_BASE_URL: setup.modelUrl,
      ANTHROPIC_API_KEY: "sk-ant-scripted-agent-model",
      DISABLE_AUTOUPDATER: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_ERROR_REPORTING: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    };
    const [program, ...words] = commandWords(setup.snippet.block);
    if (program !== "claude")
      throw new Error(`Claude Code's snippet does not run claude: ${setup.snippet.block}`);
    const added = await runBounded(
      "claude mcp add",
      command,
      { args: withServerVariables(words, setup.serverVariables), environment },
      setup.directory,
      60_000,
    );
    if (added.status !== 0) {
      throw new Error(
        `Claude Code's snippet failed (${added.status}): ${added.stderr.trim() || added.stdout.trim()}`,
      );
    }
    return {
      args: ["-p", prompt, "--output-format", "json", "--allowedTools", claudeCode.toolName],
      environment,
    };
  },
};

/** The `claude mcp add` words with every `--env NAME=value` given `variables`' value, and the rest added. */
function withServerVariables(words: string[], variables: Record<string, string>): string[] {
  const written = new Set<string>();
  const given = words.map((word, index) => {
    if (words[index - 1] !== "--env") return word;
    const name = word.slice(0, word.indexOf("="));
    written.add(name);
    return `${name}=${variables[name] ?? word.slice(name.length + 1)}`;
  });
  const separator = given.indexOf("--");
  const more = Object.entries(variables)
    .filter(([name]) => !written.has(name))
    .flatMap(([name, value]) => ["--env", `${name}=${value}`]);
  return [...given.slice(0, separator), ...more, ...given.slice(separator)];
}
