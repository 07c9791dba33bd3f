// Codex (`codex`, npm @openai/codex) as a panel model, paid by the user's ChatGPT plan (or the key it is
// signed in with). Run as `codex exec --json` in its read-only sandbox, the prompt on stdin, no session
// kept. It prints one JSON event a line: the answer in the last `agent_message` item, the tokens in
// `turn.completed`, a failure in `turn.failed` or an `error` event.

import { join } from "node:path";
import type { AgentCliSpec, CliAnswer, CliFailure } from "../agent-cli/agent-cli-spec.ts";
import { agentCliVendor } from "../agent-cli/cli-vendor.ts";
import { fileExists, tokens } from "../agent-cli/credential-files.ts";

/** One line of `codex exec --json`, as far as it is read. */
interface CodexEvent {
  type?: unknown;
  message?: unknown;
  item?: { type?: unknown; text?: unknown };
  usage?: Record<string, unknown>;
  error?: { message?: unknown };
}

const cli: AgentCliSpec = {
  command: "codex",
  clientName: /codex/i,
  packageName: "@openai/codex",
  signIn: 'run "codex login"',
  models: ["default", "gpt-5.5", "gpt-5.5-codex"],
  displayName: "Codex (your ChatGPT plan)",
  contextWindow: 272_000,
  variables: ["CODEX_", "OPENAI_"],
  arguments: ({ modelId }) => [
    "exec",
    "--json",
    "--sandbox",
    "read-only",
    "--skip-git-repo-check",
    "--ephemeral",
    "--color",
    "never",
    ...(modelId === "default" ? [] : ["--model", modelId]),
    "-",
  ],
  read: readEvents,
  signedIn: (home, environment) =>
    Boolean(environment.CODEX_API_KEY?.trim()) ||
    fileExists(join(environment.CODEX_HOME?.trim() || join(home, ".codex"), "auth.json")),
};

function readEvents(stdout: string): CliAnswer | CliFailure {
  const events = stdout
    .split("\n")
    .filter((line) => line.trim().startsWith("{"))
    .map((line) => JSON.parse(line) as CodexEvent);
  if (events.length === 0) throw new Error("no events");
  let text: string | undefined;
  let usage: Record<string, unknown> | undefined;
  const failures: string[] = [];
  for (const event of events) {
    if (event.type === "item.completed" && event.item?.type === "agent_message") {
      text = typeof event.item.text === "string" ? event.item.text : text;
    } else if (event.type === "turn.completed") usage = event.usage;
    else if (event.type === "turn.failed" && typeof event.error?.message === "string") {
      failures.push(event.error.message);
    } else if (event.type === "error" && typeof event.message === "string") failures.push(event.message);
  }
  if (text === undefined) return { failure: failures.at(-1) ?? "it gave no answer" };
  const cached = tokens(usage?.cached_input_tokens);
  return {
    text,
    inputTokens: tokens(usage?.input_tokens),
    outputTokens: tokens(usage?.output_tokens),
    cachedInputTokens: cached || undefined,
    reasoningTokens: tokens(usage?.reasoning_output_tokens) || undefined,
  };
}

/** Codex's spec. */
export const codex = agentCliVendor("codex", cli);
