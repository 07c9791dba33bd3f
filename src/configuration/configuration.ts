// Builds the running configuration from the built-in catalog, the environment and the config file.

import { dirname, join } from "node:path";
import { modelFacts } from "../pricing/price-data.ts";
import { type PriceRefreshSettings, priceRefreshFrom } from "../pricing/price-source.ts";
import type { ModelEntry, ProviderKind } from "../providers/model-entry.ts";
import { type ProviderSettings, readProviderSettings } from "../providers/provider-environment.ts";
import { type AuthSettings, readAccess, switchOf, type Tier } from "./access.ts";
import { builtInCatalog, type CatalogEntry } from "./catalog.ts";
import { type ClientTimeLimit, clientTimeLimits } from "./client-time-limits.ts";
import {
  type ConfigFile,
  ConfigurationError,
  loadConfigFile,
  type ToolNameStyle,
  toolNameStyleNames,
} from "./config-file.ts";
import { confirmAboveUsd } from "./cost-question.ts";
import { defaultDatabasePath } from "./data-directory.ts";
import { type Panel, resolvePanels } from "./panels.ts";

/** Consultation defaults; every field has a documented default. */
export interface ConsultationDefaults {
  primary?: string;
  secondaries?: string[];
  synthesis?: string;
  maxOpinions: number;
  modelDeadlineMs: number;
  requestDeadlineMs: number;
  maxRetries: number;
  /**
   * The server's answer-by time in milliseconds (config file `defaults.answerWithinMs`): a caller that
   * sends no progress token (so cannot know the call is alive) and the web page are answered by then;
   * clients known to give up sooner get theirs before their limit (application/answer-by.ts).
   */
  answerByMs: number;
  /**
   * Most UTF-8 bytes of text one model answer may have (config file `defaults.maxAnswerBytes`); a longer
   * answer is stopped as it streams and becomes that model's error. Absent (tests): 1 MiB.
   */
  maxAnswerBytes?: number;
  /**
   * The named panels a caller can choose with `panel`: the built-in ones and the config file's. Absent
   * (as in tests that build defaults by hand): no panel is known.
   */
  panels?: readonly Panel[];
}

/** The whole running configuration. */
export interface Configuration {
  /** Every known model: the catalog merged with the config file. Availability is decided elsewhere. */
  models: ModelEntry[];
  /** The config file read (--config or AI_UNIVERSE_CONFIG); absent: none, the built-in defaults. */
  configPath?: string;
  providers: Record<ProviderKind, ProviderSettings>;
  defaults: ConsultationDefaults;
  /** The database URL: a SQLite file path (default: in the per-user data directory) or ":memory:". */
  databaseUrl: string;
  /** Clients known to give up on a call after a fixed time, by a part of their name. */
  clientTimeLimits: ClientTimeLimit[];
  /** How tool names are listed to clients. */
  toolNames: ToolNameStyle;
  /**
   * Whether the MCP conformance suite's test tools (`test_reconnection`) are offered, for running the
   * suite against this server (AI_UNIVERSE_CONFORMANCE_TOOLS or the file's `conformanceTools`); off by default.
   */
  conformanceTools: boolean;
  /**
   * The estimate in dollars above which a client that can answer questions (MCP elicitation) is asked
   * before the call runs (AI_UNIVERSE_CONFIRM_ABOVE_USD or the file's `confirmAboveUsd`); null: never.
   */
  confirmAboveUsd: number | null;
  /** How long a store operation waits for another program's lock before it is refused, in milliseconds. */
  storeWaitMs: number;
  /** Most PostgreSQL connections this process pools (one more listens for the other nodes). */
  databasePoolSize: number;
  /** A Redis for the rate-limit counters (AI_UNIVERSE_REDIS_URL); absent: they live in the database. */
  redisUrl?: string;
  /** A working task whose process has not reported for this long is failed, in milliseconds. */
  taskStaleMs: number;
  /** Where fresh price data comes from (AI_UNIVERSE_PRICE_REFRESH); absent: the bundled data, no network. */
  priceRefresh?: PriceRefreshSettings;
  /** How callers prove who they are. */
  auth: AuthSettings;
  /** What each tier of callers may do, by tier name. */
  tiers: Record<string, Tier>;
  environment: Record<string, string | undefined>;
}

/** The text one model answer may have unless the config file says otherwise: 1 MiB. */
export const defaultMaxAnswerBytes = 1_048_576;

/** Defaults used when neither the config file nor the caller says otherwise. */
export const defaultConsultation: ConsultationDefaults = {
  maxOpinions: 3,
  modelDeadlineMs: 210_000,
  requestDeadlineMs: 600_000,
  maxRetries: 2,
  answerByMs: 50_000,
  maxAnswerBytes: defaultMaxAnswerBytes,
};

/** Reads the configuration. Throws ConfigurationError for a bad config file or a bad reference in it. */
export function loadConfiguration(options: {
  environment: Record<string, string | undefined>;
  configPath?: string;
  databaseUrl?: string;
  toolNames?: string;
}): Configuration {
  const { environment } = options;
  const configPath = options.configPath ?? (environment.AI_UNIVERSE_CONFIG?.trim() || undefined);
  const file: ConfigFile = configPath ? loadConfigFile(configPath) : {};
  const models = mergeModels(builtInCatalog, file, configPath ?? "");
  const panels = resolvePanels(file.panels, models, configPath ?? "");
  // The config file's `answerWithinMs` (its public name) is the answer-by time.
  const { answerWithinMs, ...fileDefaults } = file.defaults ?? {};
  const defaults = {
    ...defaultConsultation,
    ...fileDefaults,
    ...(answerWithinMs !== undefined ? { answerByMs: answerWithinMs } : {}),
    panels,
  };
  checkDefaultReferences(defaults, models, configPath ?? "");
  return {
    models,
    ...(configPath ? { configPath } : {}),
    providers: readProviderSettings(environment),
    defaults,
    databaseUrl:
      options.databaseUrl ?? (environment.DATABASE_URL?.trim() || defaultDatabasePath(environment)),
    clientTimeLimits: clientTimeLimits(file.clientTimeLimits),
    toolNames: toolNameStyle(
      options.toolNames ?? environment.AI_UNIVERSE_TOOL_NAMES?.trim() ?? file.toolNames,
    ),
    // AI_UNIVERSE_CONFORMANCE_TOOLS when set, else the file's setting; off by default.
    conformanceTools: environment.AI_UNIVERSE_CONFORMANCE_TOOLS?.trim()
      ? switchOf(environment, "AI_UNIVERSE_CONFORMANCE_TOOLS", "offer the MCP conformance suite's test tools")
      : (file.conformanceTools ?? false),
    confirmAboveUsd: confirmAboveUsd(environment, file.confirmAboveUsd),
    storeWaitMs: seconds(environment, "AI_UNIVERSE_STORE_WAIT_SECONDS", 15) * 1000,
    databasePoolSize: poolSize(environment),
    ...(environment.AI_UNIVERSE_REDIS_URL?.trim()
      ? { redisUrl: environment.AI_UNIVERSE_REDIS_URL.trim() }
      : {}),
    taskStaleMs: seconds(environment, "AI_UNIVERSE_TASK_STALE_SECONDS", 60) * 1000,
    ...priceRefresh(environment, models),
    ...readAccess(file, environment),
    environment,
  };
}

/**
 * AI_UNIVERSE_PRICE_REFRESH, with the fetched copy kept beside the default database, and `models` as the
 * models whose prices new data must keep; throws ConfigurationError.
 */
function priceRefresh(
  environment: Record<string, string | undefined>,
  models: readonly ModelEntry[],
): {
  priceRefresh?: PriceRefreshSettings;
} {
  try {
    const cachePath = join(dirname(defaultDatabasePath(environment)), "price-data.json");
    const settings = priceRefreshFrom(environment, cachePath);
    return settings ? { priceRefresh: { ...settings, modelsInUse: models } } : {};
  } catch (error) {
    throw new ConfigurationError((error as Error).message);
  }
}

/** The positive number of seconds in environment variable `name`, or `fallback`; throws ConfigurationError. */
export function seconds(
  environment: Record<string, string | undefined>,
  name: string,
  fallback: number,
): number {
  const text = environment[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new ConfigurationError(`${name} "${text}" is not a positive number of seconds.`);
  return value;
}

/** AI_UNIVERSE_DATABASE_POOL_SIZE: a whole number from 1 to 1,000 (default 10); throws ConfigurationError. */
function poolSize(environment: Record<string, string | undefined>): number {
  const text = environment.AI_UNIVERSE_DATABASE_POOL_SIZE?.trim();
  if (!text) return 10;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 1000)
    throw new ConfigurationError(
      `AI_UNIVERSE_DATABASE_POOL_SIZE "${text}" is not a whole number from 1 to 1000 (PostgreSQL connections per process).`,
    );
  return value;
}

/** The tool-name style `value` names (`standard` is the earlier name of `dotted`); default `portable`. */
function toolNameStyle(value: string | undefined): ToolNameStyle {
  if (value === undefined || value === "") return "portable";
  const style = Object.hasOwn(toolNameStyleNames, value) ? toolNameStyleNames[value] : undefined;
  if (style) return style;
  throw new ConfigurationError(
    `Tool name style "${value}" is not one of: ${Object.keys(toolNameStyleNames).join(", ")}. ` +
      "Use portable (agent_second_opinion, the default) or dotted (agent.second_opinion).",
  );
}

/** The context window of a model neither the config file nor the price data gives one for: a cautious one. */
export const fallbackContextWindow = 32_768;

function mergeModels(catalog: readonly CatalogEntry[], file: ConfigFile, path: string): ModelEntry[] {
  const byName = new Map<string, CatalogEntry>(catalog.map((entry) => [entry.name, { ...entry }]));
  for (const [name, override] of Object.entries(file.models ?? {})) {
    const existing = byName.get(name);
    if (existing) {
      byName.set(name, { ...existing, ...override });
      continue;
    }
    if (!override.provider || !override.modelId) {
      throw new ConfigurationError(
        `Config file ${path} is invalid:\n  - models.${name}: a new model needs "provider" and "modelId"`,
      );
    }
    byName.set(name, {
      name,
      provider: override.provider,
      modelId: override.modelId,
      displayName: override.displayName ?? `${override.modelId} (${override.provider})`,
      webSearch: override.webSearch ?? false,
      ...override,
    });
  }
  return [...byName.values()].map(withContextWindow);
}

/**
 * `entry` with its context window: the catalog's or the config file's, else the price data's (else
 * {@link fallbackContextWindow}), looked up at its first read, so that loading the configuration
 * does not load the price data (a stdio start answers `initialize` and lists tools without it).
 */
function withContextWindow(entry: CatalogEntry): ModelEntry {
  if (entry.contextWindow !== undefined) return { ...entry, contextWindow: entry.contextWindow };
  const { contextWindow: _unset, ...model } = entry;
  const settle = (target: object, value: number) =>
    Object.defineProperty(target, "contextWindow", {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return Object.defineProperty(model, "contextWindow", {
    enumerable: true,
    configurable: true,
    get(this: ModelEntry) {
      const value = modelFacts(this).contextWindow ?? fallbackContextWindow;
      settle(this, value);
      return value;
    },
    set(this: ModelEntry, value: number) {
      settle(this, value);
    },
  }) as ModelEntry;
}

function checkDefaultReferences(defaults: ConsultationDefaults, models: ModelEntry[], path: string): void {
  const names = new Set(models.map((entry) => entry.name));
  const references = [
    ["defaults.primary", defaults.primary],
    ["defaults.synthesis", defaults.synthesis],
    ...(defaults.secondaries ?? []).map((name, index) => [`defaults.secondaries.${index}`, name]),
  ] as const;
  for (const [field, name] of references) {
    if (name !== undefined && !names.has(name)) {
      throw new ConfigurationError(
        `Config file ${path} is invalid:\n  - ${field}: unknown model "${name}" (known: ${[...names].join(", ")})`,
      );
    }
  }
}
