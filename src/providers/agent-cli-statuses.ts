// Which agent CLIs (Codex, Claude Code, Gemini CLI) sit on this run's panels, and why the others do
// not. AI_UNIVERSE_AGENT_CLIS names them ("codex,claude-code"), or says "none"; unset, every CLI found
// on PATH and signed in is offered when no provider key is set, and never by a shared server
// (AI_UNIVERSE_AUTH=api-key or oauth), which would run them on its owner's subscription. Looking them up
// reads PATH and their sign-in files only; nothing is run, and it happens after the server has answered
// its client (with the roster), never delaying the start.

import { homedir, tmpdir } from "node:os";
import { cliEnvironment } from "./agent-cli/cli-environment.ts";
import { runCliProcess } from "./agent-cli/cli-process.ts";
import { agentCliVariables } from "./agent-cli/cli-vendor.ts";
import { findCommand } from "./agent-cli/find-command.ts";
import type { ModelEntry } from "./model-entry.ts";
import { vendorSpecs } from "./vendors.ts";

/** What the choice reads: the environment, whether a provider key is set, whether the server is shared. */
export interface AgentCliChoice {
  environment: Readonly<Record<string, string | undefined>>;
  keyed: boolean;
  shared: boolean;
}

/** One CLI's model and whether it is offered (the roster's ModelStatus). */
export interface AgentCliStatus {
  entry: ModelEntry;
  available: boolean;
  reason?: string;
}

/** Each agent CLI's model, whether it is offered, and if not why, with what to do. */
export function agentCliStatuses(choice: AgentCliChoice): AgentCliStatus[] {
  const { environment } = choice;
  const written = environment[agentCliVariables.offered]?.trim();
  const named = written ? new Set(written.split(",").map((name) => name.trim().toLowerCase())) : undefined;
  return vendorSpecs.flatMap((spec): AgentCliStatus[] => {
    const cli = spec.agentCli;
    if (!cli) return [];
    const entry = agentCliEntry(spec.id, cli);
    const unavailable = (reason: string) => ({ entry, available: false, reason });
    if (named && !named.has(spec.id))
      return [unavailable(`not named in ${agentCliVariables.offered} (${written})`)];
    if (!named && choice.shared) {
      return [
        unavailable(
          `a shared server offers agent CLIs only when ${agentCliVariables.offered} names them (e.g. ${agentCliVariables.offered}=${spec.id}), since they run on its owner's subscription`,
        ),
      ];
    }
    if (!named && choice.keyed) {
      return [unavailable(`a provider key is set: add it with ${agentCliVariables.offered}=${spec.id}`)];
    }
    if (!findCommand(cli.command, environment)) {
      return [
        unavailable(`${cli.command} is not on PATH: install it with "npm install -g ${cli.packageName}"`),
      ];
    }
    if (!named && !cli.signedIn(environment.HOME?.trim() || homedir(), environment)) {
      return [unavailable(`${cli.command} is not signed in: ${cli.signIn}`)];
    }
    return [{ entry, available: true }];
  });
}

/** What `doctor` and `models` say of one agent CLI: where it is, its version, its sign-in, its models. */
export interface AgentCliFinding {
  /** Its panel name: "codex". */
  id: string;
  command: string;
  packageName: string;
  /** Its full path; absent: not on PATH. */
  path?: string;
  /** What `<command> --version` printed (its first line); absent when it did not answer in time. */
  version?: string;
  signedIn: boolean;
  /** How to sign it in: 'run "codex login"'. */
  signIn: string;
  models: readonly string[];
}

/** The most a `--version` may take (Gemini CLI takes seconds on a busy machine): it is run only by doctor and `models`, never at the server's start. */
const versionTimeoutMs = 15_000;

/** Each agent CLI, found on PATH or not, with its version (`<command> --version`, all at once). */
export function agentCliFindings(
  environment: Readonly<Record<string, string | undefined>>,
): Promise<AgentCliFinding[]> {
  const home = environment.HOME?.trim() || homedir();
  return Promise.all(
    vendorSpecs.flatMap((spec) => {
      const cli = spec.agentCli;
      if (!cli) return [];
      const path = findCommand(cli.command, environment);
      const found = { id: spec.id, command: cli.command, packageName: cli.packageName, models: cli.models };
      const signing = { signedIn: cli.signedIn(home, environment), signIn: cli.signIn };
      if (!path) return [Promise.resolve({ ...found, ...signing })];
      return [
        versionOf(path, cliEnvironment(cli.variables, environment)).then((version) => ({
          ...found,
          path,
          ...signing,
          ...(version ? { version } : {}),
        })),
      ];
    }),
  );
}

async function versionOf(path: string, environment: Record<string, string>): Promise<string | undefined> {
  try {
    const ended = await runCliProcess({
      command: path,
      arguments: ["--version"],
      input: "",
      directory: tmpdir(),
      environment,
      timeoutMs: versionTimeoutMs,
      maxOutputBytes: 64 * 1024,
    });
    return ended.status === 0 ? ended.stdout.trim().split("\n")[0]?.slice(0, 80) || undefined : undefined;
  } catch {
    return undefined;
  }
}

/** On a shared server (AI_UNIVERSE_AUTH=api-key or oauth): which agent CLIs it offers, and why. */
export function sharedServerAgentClis(environment: Readonly<Record<string, string | undefined>>): string {
  const variable = agentCliVariables.offered;
  const named = environment[variable]?.trim();
  return named
    ? `this shared server offers only the agent CLIs ${variable} names (${named}): they run on this machine owner's subscriptions, for every caller`
    : `this shared server offers no agent CLI panelist unless ${variable} names it (e.g. ${variable}=codex): they would run on this machine owner's subscriptions, for every caller`;
}

function agentCliEntry(
  id: ModelEntry["provider"],
  cli: { displayName: string; contextWindow: number },
): ModelEntry {
  return {
    name: id,
    provider: id,
    modelId: "default",
    displayName: cli.displayName,
    contextWindow: cli.contextWindow,
    webSearch: false,
    // A subscription pays: no price per token (the opinion says "subscription", with no cost).
    billing: "subscription",
    inputPricePerMillion: 0,
    outputPricePerMillion: 0,
  };
}

/**
 * `available` without the CLI the calling MCP client is (by its clientInfo name), so a host is not
 * asked to review itself; as it is when the client is none of them.
 */
export function withoutHost(available: readonly ModelEntry[], clientName: string | undefined): ModelEntry[] {
  if (!clientName) return [...available];
  const host = vendorSpecs.find((spec) => spec.agentCli?.clientName.test(clientName));
  return available.filter((entry) => !host || entry.provider !== host.id);
}
