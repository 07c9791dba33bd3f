// What a key can use, against the provider simulator: each provider's model list read with its own
// auth and paging, the catalog checked against it, and a failed call for a model the key cannot use
// recognised from the real AI SDK error each provider package throws.

import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { generateText } from "ai";
import { loadConfiguration } from "../../src/configuration/configuration.ts";
import { createLanguageModelFactory } from "../../src/providers/create-language-model.ts";
import {
  checkCatalog,
  describeUnknownModel,
  listProviderModels,
} from "../../src/providers/model-availability.ts";
import type { ModelEntry, ProviderKind } from "../../src/providers/model-entry.ts";
import { isModelNotFound } from "../../src/providers/model-not-found.ts";
import { createProviderFetch } from "../../src/providers/provider-fetch.ts";
import { simulatorVariables } from "../simulator/environment.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";

let simulator: ProviderSimulator;
let environment: Record<string, string>;
before(async () => {
  simulator = await startProviderSimulator();
  environment = {
    ...simulatorVariables(simulator.url, "sk-secret-0042"),
    OLLAMA_BASE_URL: `${simulator.url}/ollama`,
  };
});
after(() => simulator.close());
beforeEach(() => simulator.reset());

const configuration = () => loadConfiguration({ environment, databaseUrl: ":memory:" });
const settingsOf = (provider: ProviderKind) => configuration().providers[provider];
const entriesOf = (provider: ProviderKind) =>
  configuration().models.filter((entry) => entry.provider === provider);
const firstEntry = (provider: ProviderKind): ModelEntry => {
  const entry = entriesOf(provider)[0];
  assert.ok(entry, `the catalog has a ${provider} model`);
  return entry;
};

async function idsOf(provider: ProviderKind): Promise<string[]> {
  const list = await listProviderModels(provider, settingsOf(provider), fetch);
  assert.ok("ids" in list, JSON.stringify(list));
  return list.ids;
}

describe("listProviderModels", () => {
  for (const provider of ["openai", "xai", "cerebras", "openrouter", "anthropic", "google"] as const) {
    test(`${provider}: every catalog model and the extra ones`, async () => {
      const ids = await idsOf(provider);
      for (const entry of entriesOf(provider)) assert.ok(ids.includes(entry.modelId), entry.modelId);
      assert.ok(ids.length > entriesOf(provider).length);
    });
  }

  test("ollama: the ids with their tags, from the server root or its /v1 URL", async () => {
    const ids = await idsOf("ollama");
    assert.ok(ids.includes(`${firstEntry("ollama").modelId}:latest`));
    const fromV1 = await listProviderModels("ollama", { baseURL: `${simulator.url}/ollama/v1` }, fetch);
    assert.deepEqual(fromV1, { ids });
  });

  test("anthropic and google: every page of a long list", async () => {
    const many = Array.from({ length: 2500 }, (_, index) => `model-${index}`);
    simulator.setListedModels("anthropic", many);
    simulator.setListedModels("google", many);
    assert.deepEqual(await idsOf("anthropic"), many);
    assert.deepEqual(await idsOf("google"), many);
  });

  test("google: models that cannot generate text are left out", async () => {
    simulator.setListedModels("google", ["gemini-sim-pro", "gemini-sim-embedding"]);
    assert.deepEqual(await idsOf("google"), ["gemini-sim-pro"]);
  });

  test("perplexity: no model list, so nothing to check, and nothing asked", async () => {
    const list = await listProviderModels("perplexity", settingsOf("perplexity"), fetch);
    assert.ok("error" in list);
    assert.match(list.error, /^Perplexity has no model list/);
  });

  test("a rejected key: the vendor's message and the variable to check, never the key", async () => {
    const list = await listProviderModels(
      "anthropic",
      { ...settingsOf("anthropic"), apiKey: "rejected-key-9876" },
      fetch,
    );
    assert.ok("error" in list);
    assert.equal(list.keyRejected, true);
    assert.match(
      list.error,
      /Anthropic rejected the key \(HTTP 401: Invalid API key\.\): check ANTHROPIC_API_KEY/,
    );
    assert.ok(!list.error.includes("rejected-key-9876"));
  });

  test("no key, or no answer: says so without throwing", async () => {
    const missing = await listProviderModels("openai", {}, fetch);
    assert.deepEqual(missing, { error: "no key: set OPENAI_API_KEY" });
    // The product's own fetch, as doctor and models --check use it.
    const unreachable = await listProviderModels(
      "xai",
      { apiKey: "xai-1234", baseURL: "http://127.0.0.1:9/v1" },
      createProviderFetch({}),
    );
    assert.ok("error" in unreachable);
    assert.match(unreachable.error, /http:\/\/127\.0\.0\.1:9\/v1\/models did not answer \(ECONNREFUSED\)/);
  });
});

describe("checkCatalog", () => {
  test("usable, not listed with what the key can use instead, or not checked and why", async () => {
    const claude = firstEntry("anthropic");
    const others = entriesOf("anthropic").filter((entry) => entry.modelId !== claude.modelId);
    simulator.setListedModels("anthropic", ["claude-sim-other", ...others.map((entry) => entry.modelId)]);
    const entries = [...entriesOf("anthropic"), firstEntry("openai"), firstEntry("perplexity")];
    const checks = await checkCatalog(entries, configuration().providers, fetch);
    const byName = new Map(checks.map((check) => [check.entry.name, check]));
    const missing = byName.get(claude.name);
    assert.equal(missing?.state, "not-listed");
    assert.ok(missing?.state === "not-listed");
    assert.deepEqual(
      missing.alternatives.toSorted(),
      ["claude-sim-other", ...others.map((entry) => entry.modelId)].toSorted(),
    );
    for (const entry of others) assert.equal(byName.get(entry.name)?.state, "usable");
    assert.equal(byName.get(firstEntry("openai").name)?.state, "usable");
    const perplexity = byName.get(firstEntry("perplexity").name);
    assert.ok(perplexity?.state === "unchecked");
    assert.match(perplexity.reason, /Perplexity has no model list/);
  });
});

describe("a call for a model the key cannot use", () => {
  const providers: ProviderKind[] = [
    "openai",
    "anthropic",
    "google",
    "xai",
    "cerebras",
    "openrouter",
    "perplexity",
    "ollama",
  ];
  for (const provider of providers) {
    test(`${provider}: the AI SDK error is recognised and described with what the key can use`, async () => {
      const entry = firstEntry(provider);
      simulator.setListedModels(provider, ["listed-model-a", "listed-model-b"]);
      const model = createLanguageModelFactory(configuration().providers, environment)(entry);
      const error = await generateText({ model, prompt: "Hello?", maxRetries: 0 }).then(
        () => assert.fail("the call succeeded"),
        (failure: unknown) => failure,
      );
      assert.equal(isModelNotFound(error), true, String(error));
      const sentence = describeUnknownModel(entry, ["listed-model-a", "listed-model-b"], error);
      assert.match(
        sentence,
        new RegExp(
          `^Model "${entry.name}" \\(${entry.modelId.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\) is not available to this \\S+ key \\((404|400)[^)]*\\)\\. Models this key can use: listed-model-a, listed-model-b\\. Set "modelId" of models\\.${entry.name} in the config file or pick another model\\.$`,
        ),
      );
    });
  }

  test("other failures are not taken for an unknown model", async () => {
    const entry = firstEntry("anthropic");
    const model = createLanguageModelFactory(configuration().providers, environment)(entry);
    const failure = async () =>
      generateText({ model, prompt: "Hello?", maxRetries: 0 }).then(
        () => assert.fail("the call succeeded"),
        (error: unknown) => error,
      );
    for (const [status, errorMessage] of [
      [404, "Not Found"],
      [401, "invalid x-api-key"],
      [500, "Internal server error"],
    ] as const) {
      simulator.setBehaviour(entry.modelId, { status, errorMessage });
      assert.equal(isModelNotFound(await failure()), false, `HTTP ${status} ${errorMessage}`);
    }
    assert.equal(isModelNotFound(new Error("model not found")), false, "not a provider error");
  });

  test("described without a list: how to see one", () => {
    const entry = firstEntry("google");
    assert.match(
      describeUnknownModel(entry, undefined),
      /Run "ai-universe models --check" to see the models this key can use\./,
    );
    const many = Array.from({ length: 9 }, (_, index) => `gemini-other-${index}`);
    assert.match(describeUnknownModel(entry, many), /gemini-other-4 and 4 more\./);
  });
});
