// What the product knows of one vendor, in one place: its id and name, where its key and endpoint come
// from, its AI SDK package and how a model of it is built, what a call asks of it for reasoning and web
// search, how its model list is read, its id in the price data, its model family and the files it reads.
// Each vendor implements this in a folder of its own (src/providers/<vendor>/); vendors.ts lists them.

import type { LanguageModelV4, SharedV4ProviderOptions } from "@ai-sdk/provider";
import type { ToolSet } from "ai";
import type { AgentCliSpec } from "./agent-cli/agent-cli-spec.ts";
import type { AttachmentKind, ModelFields, ReasoningLevel } from "./model-fields.ts";
import type { ProviderPackageLoader, ProviderPackageName } from "./provider-packages.ts";
import type { ProviderEnvironment, ProviderSettings } from "./provider-settings.ts";

/** What building a model of a vendor is given besides the entry. */
export interface ModelContext {
  /** The vendor's configured key and base URL. */
  settings: ProviderSettings;
  /** The process environment, for a model that names its own key variable (`apiKeyEnv`). */
  environment: Record<string, string | undefined>;
  /** The provider fetch (proxy, size limits) every request goes through. */
  fetch: typeof globalThis.fetch;
  /** Loads the vendor's package; tests inject one that fails. */
  load: ProviderPackageLoader;
}

/** What one call asks of the vendor, already narrowed to what the model can do. */
export interface CallRequest {
  /** The reasoning level, when the model has a reasoning control and the call sets one. */
  reasoning?: ReasoningLevel | undefined;
  /** True when the call wants the vendor's own web search and the model has one it must be asked for. */
  search: boolean;
}

/** The AI SDK call settings that carry a call's reasoning and search to the vendor. */
export interface ProviderCallSettings {
  reasoning?: "none" | "low" | "medium" | "high";
  tools?: ToolSet;
  providerOptions?: SharedV4ProviderOptions;
}

/** The ids on one page of a model list, and where the next page is (absent on the last page). */
export interface ModelPage {
  ids: string[];
  nextUrl?: string;
}

/** How a vendor's model list is asked for and read (the probe of `doctor` and `models --check`). */
export interface ModelListSpec {
  /** The list's URL with `settings` (a configured base URL, else the vendor's default). */
  listUrl(settings: ProviderSettings): string;
  /** The headers that carry `key` the vendor's way. */
  headers(key: string): Record<string, string>;
  /** `listUrl` asking for as many models a page as the vendor allows. */
  firstPageUrl(listUrl: string): string;
  /** The ids in `body`, the answer to `pageUrl`; undefined when it is no model list of this vendor. */
  readPage(body: Record<string, unknown>, pageUrl: string): ModelPage | undefined;
  /** Whether `listedId` names `modelId` though it differs from it (Ollama's "llama3.2:latest"). */
  alsoNames?(modelId: string, listedId: string): boolean;
  /** Why the ids the key can use cannot be had (no list to read); the probe still asks the list URL. */
  unavailable?: string;
}

/** A vendor reached at an address the operator gives (a local server, a model's own endpoint), not a key. */
export interface EndpointSpec {
  /** The OpenAI-compatible API URL a model of it answers at, or undefined when none is set. */
  apiUrl(entry: ModelFields, settings: ProviderSettings): string | undefined;
  /** Why `entry` is not used when no URL is set, with the fix. */
  unset(entry: ModelFields): string;
  /** What to check when its server did not answer (`doctor`); absent: the network and the base URL. */
  unanswered?: string;
}

/** One vendor. Adding a vendor is a folder implementing this and one line in vendors.ts. */
export interface VendorSpec<Id extends string = string> {
  /** The provider id model entries and the config file name it by. */
  id: Id;
  /** How messages name the vendor. */
  displayName: string;
  /** The environment variables of its key and base URL. */
  environment: ProviderEnvironment;
  /** Its public endpoint; absent for a vendor with no public one (local, per model, simulated). */
  defaultBaseUrl?: string;
  /** The AI SDK provider package it is reached through; absent: none (built in). */
  package?: ProviderPackageName;
  /** The AI SDK language model of `entry`; may throw, as that model's error. */
  createModel(entry: ModelFields, context: ModelContext): LanguageModelV4;
  /** The call settings asking for `request`; loads the package when a search tool is needed. */
  callSettings(request: CallRequest): ProviderCallSettings;
  /** How its model list is asked for and read. */
  modelList: ModelListSpec;
  /** Its provider id in the price data; absent: the price data does not price it. */
  priceProviderId?: string;
  /** The family (model-families.ts) of a model it serves whose id no rule knows; absent: it serves many. */
  family?: string;
  /** The files besides text its API takes; a built-in model of it reads these. */
  reads: readonly AttachmentKind[];
  /** Present when its models are reached at an address rather than with a key. */
  endpoint?: EndpointSpec;
  /** True for the simulated vendor: answers from a script, reaches no one, is never checked. */
  simulated?: boolean;
  /** Present for an agent CLI on this machine (Codex, Claude Code, Gemini CLI), run as the model. */
  agentCli?: AgentCliSpec;
}
