// The model factory loads a provider package at the model's first call, not when the model is made,
// and a package that cannot be loaded fails that model's calls (so the consultation reports it as that
// model's error opinion) instead of throwing where the model is made.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { generateText, streamText } from "ai";
import { loadConfiguration } from "../../src/configuration/configuration.ts";
import { createLanguageModelFactory } from "../../src/providers/create-language-model.ts";
import type { ModelEntry } from "../../src/providers/model-entry.ts";
import {
  loadProviderPackage,
  type ProviderPackageLoader,
  type ProviderPackageName,
} from "../../src/providers/provider-packages.ts";

const environment = { ANTHROPIC_API_KEY: "sk-ant-test", OPENAI_API_KEY: "sk-test" };
const configuration = loadConfiguration({ environment, databaseUrl: ":memory:" });
const entryOf = (provider: string): ModelEntry => {
  const entry = configuration.models.find((model) => model.provider === provider);
  assert.ok(entry, `a ${provider} model in the catalog`);
  return entry;
};

describe("createLanguageModelFactory", () => {
  test("loads a provider package at the model's first call, once", async () => {
    const loads: ProviderPackageName[] = [];
    const recording: ProviderPackageLoader = (name) => {
      loads.push(name);
      return loadProviderPackage(name);
    };
    const createModel = createLanguageModelFactory(configuration.providers, environment, recording);
    const model = createModel(entryOf("openai"));
    assert.deepEqual(loads, []);
    assert.equal(model.modelId, entryOf("openai").modelId);
    assert.match(model.provider, /^openai\./);
    assert.deepEqual(loads, ["@ai-sdk/openai"]);
    await model.supportedUrls;
    assert.deepEqual(loads, ["@ai-sdk/openai"]);
  });

  test("a package that cannot be loaded fails the model's calls, not the factory", async () => {
    const failing: ProviderPackageLoader = (name) => {
      throw new Error(`Cannot find package '${name}'`);
    };
    const createModel = createLanguageModelFactory(configuration.providers, environment, failing);
    const model = createModel(entryOf("anthropic"));
    assert.equal(model.provider, "anthropic");
    await assert.rejects(
      generateText({ model, prompt: "Hello?", maxRetries: 0 }),
      /Cannot find package '@ai-sdk\/anthropic'/,
    );
    const errors: unknown[] = [];
    const stream = streamText({
      model,
      prompt: "Hello?",
      maxRetries: 0,
      onError: ({ error }) => {
        errors.push(error);
      },
    });
    for await (const _ of stream.textStream) {
      // drained: the failure arrives as the stream's error
    }
    assert.match(String(errors[0]), /Cannot find package '@ai-sdk\/anthropic'/);
  });
});
