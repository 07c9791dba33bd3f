// GitHub Copilot CLI (`copilot`, npm @github/copilot) as a panel model, paid by the user's Copilot plan
// (or the model provider its COPILOT_PROVIDER_* variables name). Run as `copilot --output-format json`
// with the prompt on stdin, shown only its read-only tools (view, grep, glob), its shell and write
// permissions denied, no built-in MCP server, no question to the user, no custom instructions, no
// update and no temporary-folder access. It prints one JSON event a line: the answer in the last
// `assistant.message` with content, a failure in `session.error`, the end in `result` (its exit code).
// It reports no tokens.

import { join } from "node:path";
import type { AgentCliSpec, CliAnswer, CliFailure } from "../agent-cli/agent-cli-spec.ts";
import { agentCliVendor } from "../agent-cli/cli-vendor.ts";
import { fileHolds } from "../agent-cli/credential-files.ts";

/** One line of `copilot --output-format json`, as far as it is read. */
interface CopilotEvent {
  type?: unknown;
  exitCode?: unknown;
  data?: { content?: unknown; message?: unknown };
}

const tokenVariables = ["COPILOT_GITHUB_TOKEN", "GH_TOKEN", "GITHUB_TOKEN", "COPILOT_PROVIDER_BASE_URL"];

const cli: AgentCliSpec = {
  command: "copilot",
  clientName: /copilot/i,
  packageName: "@github/copilot",
  signIn: 'run "copilot", then type /login (or set COPILOT_GITHUB_TOKEN)',
  models: ["default", "auto", "claude-sonnet-4.6", "gpt-5.2"],
  displayName: "GitHub Copilot CLI (your Copilot plan)",
  contextWindow: 128_000,
  variables: ["COPILOT_", "GH_TOKEN", "GH_HOST", "GITHUB_TOKEN"],
  arguments: ({ modelId }) => [
    "--output-format",
    "json",
    "--available-tools=view,grep,glob",
    "--deny-tool=shell,write",
    "--disable-builtin-mcps",
    "--no-ask-user",
    "--no-custom-instructions",
    "--no-auto-update",
    "--disallow-temp-dir",
    "--disable-client-telemetry",
    ...(modelId === "default" ? [] : ["--model", modelId]),
  ],
  read: readEvents,
  signedIn: (home, environment) =>
    tokenVariables.some((name) => environment[name]?.trim()) ||
    fileHolds(join(environment.COPILOT_HOME?.trim() || join(home, ".copilot"), "config.json"), [
      '"logged_in_users"',
      '"last_logged_in_user"',
    ]),
};

function readEvents(stdout: string): CliAnswer | CliFailure {
  const events = stdout
    .split("\n")
    .filter((line) => line.trim().startsWith("{"))
    .map((line) => JSON.parse(line) as CopilotEvent);
  if (events.length === 0) throw new Error("no events");
  let text: string | undefined;
  let exitCode: unknown;
  const failures: string[] = [];
  for (const event of events) {
    const content = event.data?.content;
    if (event.type === "assistant.message" && typeof content === "string" && content.trim()) text = content;
    else if (event.type === "session.error" && typeof event.data?.message === "string") {
      failures.push(event.data.message);
    } else if (event.type === "result") exitCode = event.exitCode;
  }
  if (text === undefined || (exitCode !== undefined && exitCode !== 0)) {
    return {
      failure: failures.at(-1) ?? (text === undefined ? "it gave no answer" : `it exited with ${exitCode}`),
    };
  }
  return { text };
}

/** GitHub Copilot CLI's spec. */
export const copilot = agentCliVendor("copilot", cli);
