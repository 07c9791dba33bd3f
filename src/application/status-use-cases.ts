// What the program reports about itself, not counted against any tier: whether its store answers and
// can be written (/health, /ready, `doctor`), its models and panels as the web page and the `models`
// command list them (with where each key and endpoint was read), and the operator's checks of the
// models against the providers (`models --check`, `doctor`). The price data and the provider code are
// loaded only when a listing or a check is asked for, so a health check loads neither.

import type { Configuration } from "../configuration/configuration.ts";
import type { Panel } from "../configuration/panels.ts";
import type { ModelListing } from "../contract/models.ts";
import type { ModelRoster } from "../providers/model-roster.ts";
import type { StoreHealth } from "../store/store.ts";
import type { Caller } from "./caller.ts";
import type { ModelCheck, ModelChecks, ProviderCheck } from "./model-checks.ts";

export type { StoreHealth } from "../store/store.ts";
export type { ModelCheck, ProbeResult, ProviderCheck, ProviderModelCheck } from "./model-checks.ts";

/** The status use cases. */
export interface StatusUseCases {
  /** Whether the store answers and can be written, and if not why; never rejects. */
  health(): Promise<StoreHealth>;
  /**
   * Every model with its availability, price and capabilities, every panel, and for the machine's own
   * user where each key and endpoint was read and where prices are refreshed from (the `models` tool
   * counts; this does not).
   */
  modelListing(caller: Caller): Promise<ModelListing>;
  /** Each available model against its provider's model list: can its key use it, and if not what instead. */
  checkModels(): Promise<ModelCheck[]>;
  /** Each provider's key and endpoint, and which of its configured models the key can use. */
  checkProviders(): Promise<ProviderCheck[]>;
}

/** What the status is read from. */
export interface StatusSources {
  /** The store's own health check. */
  health(): Promise<StoreHealth>;
  roster: ModelRoster;
  panels: readonly Panel[];
  /** The providers and models the checks ask about, and where their keys come from. */
  configuration: Pick<Configuration, "providers" | "models" | "environment" | "configPath">;
}

/** Builds the status use cases. */
export function createStatusUseCases(sources: StatusSources): StatusUseCases {
  let checks: Promise<ModelChecks> | undefined;
  const modelChecks = () => {
    checks ??= import("./model-checks.ts").then(({ createModelChecks }) =>
      createModelChecks(sources.configuration, sources.roster),
    );
    return checks;
  };
  return {
    health: () => sources.health(),
    async modelListing(caller) {
      const [{ describeModels }, { describeKeySources }] = await Promise.all([
        import("./model-listing.ts"),
        import("../configuration/key-sources.ts"),
      ]);
      return describeModels(caller, sources.roster, sources.panels, () =>
        describeKeySources(sources.configuration),
      );
    },
    checkModels: async () => (await modelChecks()).checkModels(),
    checkProviders: async () => (await modelChecks()).checkProviders(),
  };
}
