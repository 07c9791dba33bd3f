// Reads each provider's key and endpoint from its standard environment variables, which its vendor's
// spec names.

import type { ProviderKind } from "./model-entry.ts";
import type { ProviderEnvironment, ProviderSettings } from "./provider-settings.ts";
import { byVendor } from "./vendors.ts";

export type { ProviderEnvironment, ProviderSettings } from "./provider-settings.ts";

/** The environment variables of every provider kind, from each vendor's spec (src/providers/<vendor>/). */
export const providerEnvironments: Record<ProviderKind, ProviderEnvironment> = byVendor(
  (spec) => spec.environment,
);

/** Reads the settings of every provider from `environment` (normally process.env). */
export function readProviderSettings(
  environment: Record<string, string | undefined>,
): Record<ProviderKind, ProviderSettings> {
  const settings = {} as Record<ProviderKind, ProviderSettings>;
  for (const [kind, description] of Object.entries(providerEnvironments) as [
    ProviderKind,
    ProviderEnvironment,
  ][]) {
    const keyVariable = keyVariableOf(description, environment);
    const apiKey = keyVariable ? environment[keyVariable]?.trim() : undefined;
    const written = description.baseUrlVariable
      ? environment[description.baseUrlVariable]?.trim()
      : undefined;
    const baseURL = written ? withVersionPath(written, description.versionPath) : undefined;
    settings[kind] = { ...(apiKey ? { apiKey } : {}), ...(baseURL ? { baseURL } : {}) };
  }
  return settings;
}

/**
 * `baseURL` ending in `versionPath` (added when it lacks it, a trailing slash dropped), or as it is when
 * there is no version path or it is not a URL.
 */
export function withVersionPath(baseURL: string, versionPath: string | undefined): string {
  if (!versionPath || !URL.canParse(baseURL)) return baseURL;
  const trimmed = baseURL.replace(/\/+$/, "");
  return new URL(trimmed).pathname.endsWith(versionPath) ? trimmed : `${trimmed}${versionPath}`;
}

/**
 * The variable a provider's key is read from: the first of its variables that holds more than spaces
 * (an empty one, as an MCP client's `env` may set to hide an inherited key, counts as unset).
 */
export function keyVariableOf(
  description: ProviderEnvironment,
  environment: Record<string, string | undefined>,
): string | undefined {
  return description.keyVariables.find((name) => environment[name]?.trim());
}

/**
 * Every configured secret: each provider's key and the key of every model that names its own variable
 * (`apiKeyEnv`), so errors, results, stored messages and logs can be scrubbed of them.
 */
export function collectSecrets(
  settings: Record<ProviderKind, ProviderSettings>,
  models: readonly { apiKeyEnv?: string }[],
  environment: Record<string, string | undefined>,
): string[] {
  const modelKeys = models.map((model) =>
    model.apiKeyEnv ? environment[model.apiKeyEnv]?.trim() : undefined,
  );
  // The metrics token is a secret of the same kind: never in a log line, an answer or an export.
  const metricsToken = environment.AI_UNIVERSE_METRICS_TOKEN?.trim();
  const keys = [...Object.values(settings).map((provider) => provider.apiKey), ...modelKeys, metricsToken];
  return [...new Set(keys.filter((key): key is string => typeof key === "string" && key.length >= 6))];
}
