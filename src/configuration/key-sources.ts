// Where each provider's key and endpoint were read: which environment variable, or which config file
// entry; and whether the agent CLI that started this process (an MCP client starting its stdio server)
// likely passed the variable on from its own environment, as Claude Code passes all of it. Never a key,
// nor more of a URL than its host.

import type { KeySource, PassingAgent, SettingOrigin } from "../contract/models.ts";
import type { ModelEntry } from "../providers/model-entry.ts";
import { keyVariableOf } from "../providers/provider-environment.ts";
import { vendorOf, vendorSpecs } from "../providers/vendors.ts";

/** An agent CLI known by the variable it sets in what it starts, and which of its variables it passes on. */
interface AgentClient extends PassingAgent {
  variable: string;
  /** Whether it passes its variable `name` on to an MCP server it starts. */
  passes(name: string): boolean;
  /** What it passes on, as the note says it. */
  passesWhat: string;
}

/** The names Gemini CLI keeps from the servers it starts: any holding one of these words. */
const secretName = /TOKEN|SECRET|PASSWORD|PASSWD|KEY|AUTH|CREDENTIAL|CREDS|PRIVATE|CERT/i;

/**
 * The agents that mark what they start. Claude Code (2.1) gives an MCP server its whole environment
 * with CLAUDECODE=1, the server's `env` on top. Gemini CLI (0.61) gives it its environment less every
 * variable whose name looks secret, with GEMINI_CLI=1: base URLs pass, keys do not. Codex (0.171) passes
 * only a few basics (HOME, PATH, LANG, ...) and what the server's `env` and `env_vars` name, and marks
 * nothing: what reaches a server from it, the user named. (Checked by starting a server from each.)
 */
const agentClients: readonly AgentClient[] = [
  {
    agent: "Claude Code",
    marker: "CLAUDECODE=1",
    variable: "CLAUDECODE",
    passes: () => true,
    passesWhat: "its own environment",
  },
  {
    agent: "Gemini CLI",
    marker: "GEMINI_CLI=1",
    variable: "GEMINI_CLI",
    passes: (name) => !secretName.test(name),
    passesWhat: "its own environment but for keys and secrets",
  },
];

/** The agent CLI that started this process, when its mark is in `environment`. */
export function startingAgent(environment: Record<string, string | undefined>): PassingAgent | undefined {
  const client = clientOf(environment);
  return client ? { agent: client.agent, marker: client.marker } : undefined;
}

function clientOf(environment: Record<string, string | undefined>): AgentClient | undefined {
  return agentClients.find((client) => environment[client.variable]?.trim() === "1");
}

/** What describing the sources reads of the configuration. */
export interface KeySourceSettings {
  models: readonly ModelEntry[];
  environment: Record<string, string | undefined>;
  /** The config file the models came from, if any. */
  configPath?: string;
}

/**
 * Where each provider's key and endpoint were read (in the registry's order; a provider with neither
 * set is left out), then each model that names its own (an Ollama or OpenAI-compatible model's
 * `apiKeyEnv` and `baseURL` in the config file). A key appears as its variable; an endpoint as its host.
 */
export function describeKeySources(settings: KeySourceSettings): KeySource[] {
  const { environment } = settings;
  const client = clientOf(environment);
  const fromVariable = (variable: string): SettingOrigin => ({
    variable,
    ...(client?.passes(variable) ? { passedOnBy: { agent: client.agent, marker: client.marker } } : {}),
  });
  const sources: KeySource[] = [];
  for (const spec of vendorSpecs) {
    if (spec.simulated) continue;
    const keyVariable = keyVariableOf(spec.environment, environment);
    const urlVariable = spec.environment.baseUrlVariable;
    const url = urlVariable ? environment[urlVariable]?.trim() : undefined;
    if (!keyVariable && !(url && urlVariable)) continue;
    const source: KeySource = {
      provider: spec.id,
      ...(keyVariable ? { key: fromVariable(keyVariable) } : {}),
      ...(url && urlVariable ? { endpoint: { host: hostOf(url), ...fromVariable(urlVariable) } } : {}),
    };
    sources.push(client ? withNote(source, client) : source);
  }
  for (const entry of settings.models) {
    // Only a vendor reached at an endpoint uses a model's own key variable and URL (model-roster.ts).
    if (!vendorOf(entry.provider).endpoint || !(entry.apiKeyEnv || entry.baseURL)) continue;
    const inFile = (field: string) =>
      settings.configPath
        ? { configEntry: `models.${entry.name}.${field}`, configPath: settings.configPath }
        : {};
    const keySet = entry.apiKeyEnv && environment[entry.apiKeyEnv]?.trim();
    sources.push({
      provider: entry.provider,
      model: entry.name,
      ...(entry.apiKeyEnv && keySet
        ? { key: { ...fromVariable(entry.apiKeyEnv), ...inFile("apiKeyEnv") } }
        : {}),
      ...(entry.baseURL ? { endpoint: { host: hostOf(entry.baseURL), ...inFile("baseURL") } } : {}),
    });
  }
  return sources;
}

/**
 * `source` with a note when `client` likely passed its key or endpoint on: what follows (whose key is
 * billed, where the calls go) and how to choose. It cannot tell an inherited value from one the server's
 * `env` set to the same name, so it says "likely" and "unless".
 */
function withNote(source: KeySource, client: AgentClient): KeySource {
  const key = source.key?.passedOnBy ? source.key : undefined;
  const endpoint = source.endpoint?.passedOnBy ? source.endpoint : undefined;
  if (!key && !endpoint) return source;
  const vendor = vendorOf(source.provider).displayName;
  const variables = [key?.variable, endpoint?.variable].filter(Boolean);
  const effects = [
    key ? "ai-universe bills that key" : undefined,
    endpoint ? `sends its ${vendor} calls to ${endpoint.host}` : undefined,
  ].filter(Boolean);
  const what = key && endpoint ? "the key and endpoint" : key ? "the key" : "the endpoint";
  const direct = endpoint ? ` ("${endpoint.variable}": "" calls ${vendor} directly)` : "";
  const note =
    `${client.agent} started this process (${client.marker}) and passes ${client.passesWhat} on to what it starts, ` +
    `MCP servers included: unless the "env" of ai-universe's entry in its MCP settings sets ${variables.join(" and ")}, ` +
    `${variables.length > 1 ? "they are" : "it is"} likely ${client.agent}'s own, and ${effects.join(" and ")}. ` +
    `Set ${what} you mean in that "env"${direct}.`;
  return { ...source, note };
}

/**
 * The host (and port) of `url`, without its credentials, path or query; a URL given without a scheme
 * ("localhost:11434") is read as http.
 */
export function hostOf(url: string): string {
  try {
    const { host } = new URL(url.includes("://") ? url : `http://${url}`);
    if (host) return host;
  } catch {
    // Said to be unreadable below, without echoing what it holds.
  }
  return "(an unreadable URL)";
}
