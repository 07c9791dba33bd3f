// Decides which models can be consulted now, and why the others cannot. With nothing configured it
// falls back to a local Ollama when one answers, and otherwise to the simulated models.

import { agentCliStatuses } from "./agent-cli-statuses.ts";
import type { ModelEntry, ProviderKind } from "./model-entry.ts";
import { defaultOllamaUrl, ollamaApiUrl } from "./ollama-url.ts";
import type { ProviderSettings } from "./provider-environment.ts";
import { simulatedCatalog } from "./simulated/catalog.ts";
import { vendorOf } from "./vendors.ts";

/** What the roster reads of the configuration: its models, each provider's settings and the environment. */
export interface RosterConfiguration {
  models: readonly ModelEntry[];
  providers: Readonly<Record<ProviderKind, ProviderSettings>>;
  environment: Readonly<Record<string, string | undefined>>;
  /** The server's accounts: a shared server (api-key, oauth) offers agent CLIs only by name. */
  auth?: { mode: string };
}

/** Whether one model can be used, and if not, what the user can do about it. */
export interface ModelStatus {
  entry: ModelEntry;
  available: boolean;
  reason?: string;
}

/** How the roster came about: real providers, a discovered local Ollama, or simulation. */
export type RosterMode = "configured" | "ollama" | "simulated";

/** The models of this run. `available` keeps catalog order, which is the primary preference order. */
export interface ModelRoster {
  mode: RosterMode;
  statuses: ModelStatus[];
  available: ModelEntry[];
  /** A sentence for the start-up banner and /health when not running on configured providers. */
  notice?: string;
}

/** Answers whether an HTTP endpoint responds and which model ids it lists, if any. */
export type EndpointProbe = (
  apiUrl: string,
) => Promise<{ reachable: boolean; modelIds: string[]; error?: string }>;

/** Probes `${apiUrl}/models` (OpenAI-compatible); any HTTP answer counts as reachable. */
export function createEndpointProbe(timeoutMs = 1500, fetchFunction: typeof fetch = fetch): EndpointProbe {
  return async (apiUrl) => {
    try {
      const response = await fetchFunction(`${apiUrl.replace(/\/+$/, "")}/models`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await response.json().catch(() => ({}))) as { data?: { id?: unknown }[] };
      const modelIds = (body.data ?? [])
        .map((model) => model.id)
        .filter((id): id is string => typeof id === "string");
      return { reachable: true, modelIds };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      return { reachable: false, modelIds: [], error: cause };
    }
  };
}

/** Works out the roster for `configuration`, probing local endpoints with `probe`. */
export async function resolveModelRoster(
  configuration: RosterConfiguration,
  probe: EndpointProbe,
): Promise<ModelRoster> {
  const keyed = await Promise.all(
    configuration.models
      .filter(({ provider }) => !vendorOf(provider).simulated && !vendorOf(provider).agentCli)
      .map((entry) => modelStatus(entry, configuration, probe)),
  );
  const clis = agentCliStatuses({
    environment: configuration.environment,
    keyed: keyed.some((status) => status.available),
    shared: (configuration.auth?.mode ?? "none") !== "none",
  });
  const statuses = [...keyed, ...clis];
  const available = statuses.filter((status) => status.available).map((status) => status.entry);
  if (available.length > 0) {
    const onlyClis = !keyed.some((status) => status.available);
    const names = available.map((entry) => entry.name).join(", ");
    return {
      mode: "configured",
      statuses,
      available,
      ...(onlyClis
        ? { notice: `No provider key is set; the agent CLIs signed in here answer: ${names}.` }
        : {}),
    };
  }

  const local = await probe(ollamaApiUrl(defaultOllamaUrl));
  if (local.reachable && local.modelIds.length > 0) {
    const template = configuration.models.find((entry) => entry.name === "ollama");
    const discovered = local.modelIds.map((modelId, index) => ({
      name: index === 0 ? "ollama" : `ollama-${modelId.replace(/[^a-z0-9._-]+/gi, "-").toLowerCase()}`,
      provider: "ollama" as const,
      modelId,
      displayName: `${modelId} (local Ollama)`,
      inputPricePerMillion: 0,
      outputPricePerMillion: 0,
      contextWindow: template?.contextWindow ?? 32_768,
      webSearch: false,
    }));
    const discoveredNames = new Set(discovered.map((entry) => entry.name));
    return {
      mode: "ollama",
      statuses: [
        ...statuses.filter((status) => !discoveredNames.has(status.entry.name)),
        ...discovered.map((entry) => ({ entry, available: true })),
      ],
      available: discovered,
      notice: `No provider key is set; using the local Ollama at ${defaultOllamaUrl} (${local.modelIds.length} models).`,
    };
  }
  const simulated = simulatedCatalog.map((entry) => ({ ...entry }));
  const noOllama = `no Ollama answers at ${defaultOllamaUrl} (${local.reachable ? "it lists no models" : (local.error ?? "no answer")}); start one, or set OLLAMA_BASE_URL`;
  return {
    mode: "simulated",
    statuses: [
      ...statuses.map((status) =>
        status.entry.provider === "ollama" && !status.available && !configuration.providers.ollama.baseURL
          ? { ...status, reason: noOllama }
          : status,
      ),
      ...simulated.map((entry) => ({ entry, available: true })),
    ],
    available: simulated,
    notice:
      "No provider is configured and no local Ollama answers: running on SIMULATED models. " +
      "Set a key such as OPENAI_API_KEY, ANTHROPIC_API_KEY or GEMINI_API_KEY (see docs/operations.md, Environment) for real opinions.",
  };
}

async function modelStatus(
  entry: ModelEntry,
  configuration: RosterConfiguration,
  probe: EndpointProbe,
): Promise<ModelStatus> {
  const settings = configuration.providers[entry.provider];
  const { endpoint, environment } = vendorOf(entry.provider);
  if (endpoint) {
    const url = endpoint.apiUrl(entry, settings);
    if (!url) return { entry, available: false, reason: endpoint.unset(entry) };
    if (entry.apiKeyEnv && !configuration.environment[entry.apiKeyEnv]?.trim()) {
      return { entry, available: false, reason: `missing key: set ${entry.apiKeyEnv}` };
    }
    const answer = await probe(url);
    if (!answer.reachable) {
      return {
        entry,
        available: false,
        reason: `unreachable endpoint: ${shownUrl(url)} (${answer.error ?? "no answer"})`,
      };
    }
    return { entry, available: true };
  }
  if (!settings.apiKey) {
    return { entry, available: false, reason: `missing key: set ${environment.keyVariables.join(" or ")}` };
  }
  return { entry, available: true };
}

/** `url` fit for a message: without a user, password or query, any of which may hold a token. */
function shownUrl(url: string): string {
  try {
    const { origin, pathname } = new URL(url);
    return `${origin}${pathname}`;
  } catch {
    return "(an unparsable URL)";
  }
}
