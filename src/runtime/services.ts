// Wires the running program together: configuration, store, model roster and model factory.
// Both transports and the CLI build their services here, so they behave the same.

import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Configuration } from "../configuration/configuration.ts";
import { collectSecrets } from "../configuration/provider-environment.ts";
import type { ConsultationServices } from "../consultation/consult.ts";
import { IdempotencyGate } from "../conversations/idempotency.ts";
import { createLanguageModelFactory, type LanguageModelFactory } from "../providers/create-language-model.ts";
import { createEndpointProbe, type ModelRoster, resolveModelRoster } from "../providers/model-roster.ts";
import { openSqliteStore } from "../store/sqlite/sqlite-store.ts";
import type { Store } from "../store/store.ts";

/** The program's version, from package.json. */
export const version: string = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;

/** Everything the MCP tools need. */
export interface Services extends ConsultationServices {
  configuration: Configuration;
  version: string;
}

/** Builds the services for `configuration`. Overrides are for tests. */
export async function createServices(
  configuration: Configuration,
  overrides: { store?: Store; roster?: ModelRoster; createModel?: LanguageModelFactory } = {},
): Promise<Services> {
  const roster = overrides.roster ?? (await resolveModelRoster(configuration, createEndpointProbe()));
  const store = overrides.store ?? openSqliteStore(configuration.databaseUrl);
  return {
    configuration,
    version,
    store,
    roster,
    defaults: configuration.defaults,
    createModel:
      overrides.createModel ?? createLanguageModelFactory(configuration.providers, configuration.environment),
    secrets: collectSecrets(configuration.providers),
    now: () => performance.now(),
    clock: () => new Date(),
    newId: () => randomUUID(),
    idempotency: new IdempotencyGate(store),
  };
}
