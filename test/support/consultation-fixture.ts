// Builds the application around fake models and an in-memory SQLite store.

import { randomUUID } from "node:crypto";
import { type ApplicationOptions, createApplication } from "../../src/application/application.ts";
import type { ApplicationServices } from "../../src/application/application-services.ts";
import { createAdmission } from "../../src/application/limits/admission.ts";
import { defaultTiers } from "../../src/configuration/access.ts";
import { defaultConsultation } from "../../src/configuration/configuration.ts";
import type { ModelEntry } from "../../src/providers/model-entry.ts";
import type { ModelRoster } from "../../src/providers/model-roster.ts";
import { openSqliteStore } from "../../src/store/sqlite/open-sqlite-store.ts";
import { FakeModels } from "./fake-language-model.ts";

/** Four models from four vendors, priced like the catalog. */
export const fakeEntries: ModelEntry[] = [
  ["alpha", "cerebras"],
  ["beta", "google"],
  ["gamma", "xai"],
  ["delta", "perplexity"],
  ["epsilon", "openai"],
].map(([name, provider]) => ({
  name: name as string,
  provider: provider as ModelEntry["provider"],
  modelId: `${name}-1`,
  displayName: `Model ${name}`,
  inputPricePerMillion: 1,
  outputPricePerMillion: 2,
  contextWindow: 100_000,
  webSearch: false,
}));

/**
 * The application over fake models; `entries` replaces the default roster. `options` gives it a task
 * runner, or accounts (whose tiers then count the requests too), or the configuration its status and
 * listing read (providers, environment), or the server's answer-by time (which the web page's calls
 * get) in milliseconds.
 */
export function consultationFixture(
  entries: ModelEntry[] = fakeEntries,
  {
    answerByMs,
    ...options
  }: Pick<ApplicationOptions, "tasks" | "access" | "providers"> & { answerByMs?: number } = {},
) {
  const models = new FakeModels();
  const roster: ModelRoster = {
    mode: "configured",
    statuses: entries.map((entry) => ({ entry, available: true })),
    available: entries,
  };
  const store = openSqliteStore(":memory:");
  const services: ApplicationServices = {
    store,
    roster,
    defaults: { ...defaultConsultation, maxRetries: 1, ...(answerByMs ? { answerByMs } : {}) },
    createModel: (entry) => models.model(entry.modelId),
    secrets: ["sk-secret-key-123"],
    now: () => performance.now(),
    clock: () => new Date(),
    newId: () => randomUUID(),
  };
  return {
    models,
    services,
    store,
    application: createApplication(services, {
      cursorKey: "test-cursor-key",
      admission: createAdmission(store, { ...(options.access?.tiers ?? defaultTiers) }, () => new Date()),
      ...options,
    }),
  };
}

/** A promise with its resolve function, to hold a fake call open. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
