// Gemini CLI (`gemini`, npm @google/gemini-cli) as a panel model, paid by the user's Google sign-in (a
// free tier, or a plan) or the key it is set up with. Run as `gemini -p "" --output-format json` with
// the prompt on stdin, in its read-only "plan" approval mode, trusting only the folder of the call. It
// prints one JSON object: `response`, `stats.models` with each model's tokens, or `error`.

import { join } from "node:path";
import type { AgentCliSpec, CliAnswer } from "../agent-cli/agent-cli-spec.ts";
import { agentCliVendor } from "../agent-cli/cli-vendor.ts";
import { fileExists, fileHolds, tokens } from "../agent-cli/credential-files.ts";

/** What `gemini --output-format json` prints, as far as it is read. */
interface GeminiOutput {
  response?: unknown;
  error?: { message?: unknown };
  stats?: { models?: Record<string, { tokens?: Record<string, unknown> }> };
}

const cli: AgentCliSpec = {
  command: "gemini",
  clientName: /gemini[-_ ]?cli/i,
  packageName: "@google/gemini-cli",
  signIn: 'run "gemini", then choose a sign-in',
  models: ["default", "gemini-2.5-pro", "gemini-2.5-flash"],
  displayName: "Gemini CLI (your Google sign-in)",
  contextWindow: 1_048_576,
  variables: ["GEMINI_", "GOOGLE_"],
  arguments: ({ modelId }) => [
    "-p",
    "",
    "--output-format",
    "json",
    "--approval-mode",
    "plan",
    "--skip-trust",
    ...(modelId === "default" ? [] : ["--model", modelId]),
  ],
  read(stdout) {
    // It may print a notice before its JSON.
    const output = JSON.parse(stdout.slice(stdout.indexOf("{"))) as GeminiOutput;
    if (output.error) return { failure: String(output.error.message ?? "it reported an error") };
    if (typeof output.response !== "string") throw new Error("no response");
    return { text: output.response, ...usageOf(output) };
  },
  signedIn(home, environment) {
    if (["GEMINI_API_KEY", "GOOGLE_API_KEY"].some((name) => environment[name]?.trim())) return true;
    const folder = join(home, ".gemini");
    return (
      fileExists(join(folder, "oauth_creds.json")) || fileHolds(join(folder, ".env"), ["GEMINI_API_KEY"])
    );
  },
};

/** The tokens of every model the call used, summed. */
function usageOf(output: GeminiOutput): Omit<CliAnswer, "text"> {
  const models = Object.values(output.stats?.models ?? {});
  if (models.length === 0) return {};
  const sum = (field: string) =>
    models.reduce((total, model) => total + (tokens(model.tokens?.[field]) ?? 0), 0);
  return {
    inputTokens: sum("prompt"),
    outputTokens: sum("candidates") + sum("thoughts"),
    cachedInputTokens: sum("cached") || undefined,
    reasoningTokens: sum("thoughts") || undefined,
  };
}

/** Gemini CLI's spec. */
export const geminiCli = agentCliVendor("gemini-cli", cli);
