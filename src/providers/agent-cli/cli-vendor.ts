// The vendor spec of an agent CLI: what every CLI vendor shares (no key, no package, no model list to
// read, no price: a subscription pays) around the CLI's own spec, and its language model built with the
// settings the operator's variables give: the time and output caps, the calls at once, the workspace.

import { openAiStyleModelList } from "../model-list-pages.ts";
import { standardCallSettings } from "../standard-call-settings.ts";
import type { VendorSpec } from "../vendor-spec.ts";
import type { AgentCliSpec } from "./agent-cli-spec.ts";
import { createCliLanguageModel } from "./cli-language-model.ts";
import { findCommand } from "./find-command.ts";

/** The variables that tune every CLI call, with their defaults. */
export const agentCliVariables = {
  /** Which CLIs may sit on panels: names, "none", or unset (see agent-cli-roster.ts). */
  offered: "AI_UNIVERSE_AGENT_CLIS",
  /** A folder the CLIs may read (never write), for "review my repository" questions. */
  workspace: "AI_UNIVERSE_AGENT_CLI_WORKSPACE",
  timeoutMs: "AI_UNIVERSE_AGENT_CLI_TIMEOUT_MS",
  concurrency: "AI_UNIVERSE_AGENT_CLI_CONCURRENCY",
} as const;

const defaultTimeoutMs = 10 * 60 * 1000;
const defaultConcurrency = 2;
/** The most output one call may print. */
export const maxCliOutputBytes = 10 * 1024 * 1024;

/** The spec of the vendor `id` reached through `cli`. */
export function agentCliVendor<Id extends string>(id: Id, cli: AgentCliSpec): VendorSpec<Id> {
  return {
    id,
    displayName: cli.displayName,
    environment: { keyVariables: [] },
    createModel: (entry, { environment }) =>
      createCliLanguageModel(id, cli, {
        command: findCommand(cli.command, environment),
        modelId: entry.modelId,
        environment,
        workspace: environment[agentCliVariables.workspace]?.trim() || undefined,
        timeoutMs: wholeNumber(environment[agentCliVariables.timeoutMs]) ?? defaultTimeoutMs,
        maxOutputBytes: maxCliOutputBytes,
        concurrency: wholeNumber(environment[agentCliVariables.concurrency]) ?? defaultConcurrency,
      }),
    callSettings: (request) => standardCallSettings(request),
    modelList: {
      ...openAiStyleModelList(),
      unavailable: `${cli.command} is asked, not listed: its models are ${cli.models.join(", ")}`,
    },
    reads: [],
    agentCli: cli,
  };
}

function wholeNumber(text: string | undefined): number | undefined {
  const value = Number(text);
  return text && Number.isInteger(value) && value > 0 ? value : undefined;
}
