// The simulator's model lists, read with a plain fetch: each vendor's own shape, auth and paging, the
// catalog's ids listed by default, the control that replaces a list, and the vendor's own error for a
// model left out of a replaced list.

import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { builtInCatalog } from "../../src/configuration/catalog.ts";
import { type ProviderSimulator, startProviderSimulator } from "./provider-simulator.ts";

let simulator: ProviderSimulator;
before(async () => {
  simulator = await startProviderSimulator();
});
after(() => simulator.close());
beforeEach(() => simulator.reset());

const catalogIds = (provider: string) =>
  builtInCatalog.filter((entry) => entry.provider === provider).map((entry) => entry.modelId);

async function getJson(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${simulator.url}${path}`, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("model lists in each vendor's shape", () => {
  for (const provider of ["openai", "xai", "cerebras"]) {
    test(`${provider}: an OpenAI-style list of the catalog's models and more, with the key`, async () => {
      const { status, body } = await getJson(`/${provider}/v1/models`, { authorization: "Bearer sk-test" });
      assert.equal(status, 200);
      assert.equal(body.object, "list");
      const data = body.data as { id: string; object: string; created: number; owned_by: string }[];
      for (const model of data) {
        assert.equal(model.object, "model");
        assert.equal(typeof model.created, "number");
        assert.equal(typeof model.owned_by, "string");
      }
      const ids = data.map((model) => model.id);
      for (const id of catalogIds(provider)) assert.ok(ids.includes(id), `${id} is listed`);
      assert.ok(ids.length > catalogIds(provider).length, "lists more than the catalog");
      assert.equal((await getJson(`/${provider}/v1/models`)).status, 401, "no key, no list");
    });
  }

  test("openrouter: its own richer list, public, without a key", async () => {
    const { status, body } = await getJson("/openrouter/api/v1/models");
    assert.equal(status, 200);
    const data = body.data as { id: string; name: string; context_length: number; pricing: object }[];
    assert.ok(data.length > 0);
    for (const model of data) {
      assert.equal(typeof model.name, "string");
      assert.equal(typeof model.context_length, "number");
      assert.equal(typeof (model.pricing as { prompt: unknown }).prompt, "string");
    }
    const ids = data.map((model) => model.id);
    for (const id of catalogIds("openrouter")) assert.ok(ids.includes(id));
  });

  test("ollama: an OpenAI-style list, without a key, each id with its tag", async () => {
    const { status, body } = await getJson("/ollama/v1/models");
    assert.equal(status, 200);
    const ids = (body.data as { id: string }[]).map((model) => model.id);
    for (const id of catalogIds("ollama")) assert.ok(ids.includes(`${id}:latest`), `${id}:latest is listed`);
  });

  test("anthropic: typed models with display names, paged with limit and after_id", async () => {
    const headers = { "x-api-key": "sk-ant-test", "anthropic-version": "2023-06-01" };
    const whole = await getJson("/anthropic/v1/models?limit=1000", headers);
    assert.equal(whole.status, 200);
    const models = whole.body.data as {
      type: string;
      id: string;
      display_name: string;
      created_at: string;
    }[];
    for (const model of models) {
      assert.equal(model.type, "model");
      assert.equal(typeof model.display_name, "string");
      assert.ok(!Number.isNaN(Date.parse(model.created_at)));
    }
    const ids = models.map((model) => model.id);
    for (const id of catalogIds("anthropic")) assert.ok(ids.includes(id));
    assert.equal(whole.body.has_more, false);
    assert.equal(whole.body.first_id, ids[0]);
    assert.equal(whole.body.last_id, ids.at(-1));

    const first = await getJson("/anthropic/v1/models?limit=1", headers);
    assert.deepEqual(
      (first.body.data as { id: string }[]).map((model) => model.id),
      ids.slice(0, 1),
    );
    assert.equal(first.body.has_more, true);
    const second = await getJson(`/anthropic/v1/models?limit=1&after_id=${first.body.last_id}`, headers);
    assert.deepEqual(
      (second.body.data as { id: string }[]).map((model) => model.id),
      ids.slice(1, 2),
    );
    assert.equal((await getJson("/anthropic/v1/models")).status, 401);
  });

  test("google: models/<id> names with their methods, paged with pageSize and pageToken", async () => {
    simulator.setListedModels(
      "google",
      Array.from({ length: 7 }, (_, index) => `gemini-sim-${index}`),
    );
    const names: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const query = `pageSize=3${token ? `&pageToken=${token}` : ""}`;
      const { status, body } = await getJson(`/google/v1beta/models?${query}`, { "x-goog-api-key": "g-key" });
      assert.equal(status, 200);
      const models = body.models as {
        name: string;
        displayName: string;
        inputTokenLimit: number;
        outputTokenLimit: number;
        supportedGenerationMethods: string[];
      }[];
      for (const model of models) {
        assert.match(model.name, /^models\//);
        assert.equal(typeof model.displayName, "string");
        assert.equal(typeof model.inputTokenLimit, "number");
        assert.equal(typeof model.outputTokenLimit, "number");
        assert.ok(model.supportedGenerationMethods.includes("generateContent"));
      }
      names.push(...models.map((model) => model.name));
      token = body.nextPageToken as string | undefined;
      pages += 1;
    } while (token);
    assert.equal(pages, 3);
    assert.deepEqual(
      names,
      Array.from({ length: 7 }, (_, index) => `models/gemini-sim-${index}`),
    );
    assert.equal((await getJson("/google/v1beta/models?key=g-key")).status, 200, "the key as ?key=");
    assert.equal((await getJson("/google/v1beta/models")).status, 401);
  });

  test("google lists embedding models without generateContent, as the real list does", async () => {
    const { body } = await getJson("/google/v1beta/models", { "x-goog-api-key": "g-key" });
    const models = body.models as { name: string; supportedGenerationMethods: string[] }[];
    const embedding = models.find((model) => model.name.includes("embedding"));
    assert.ok(embedding);
    assert.ok(!embedding.supportedGenerationMethods.includes("generateContent"));
    for (const id of catalogIds("google")) assert.ok(models.some((model) => model.name === `models/${id}`));
  });

  test("perplexity has no model list: 404", async () => {
    const { status } = await getJson("/perplexity/models", { authorization: "Bearer pplx-test" });
    assert.equal(status, 404);
  });
});

describe("replacing a provider's list", () => {
  test("setListedModels replaces the list; reset brings the default back", async () => {
    simulator.setListedModels("xai", ["grok-only"]);
    const listed = await getJson("/xai/v1/models", { authorization: "Bearer xai-test" });
    assert.deepEqual(
      (listed.body.data as { id: string }[]).map((model) => model.id),
      ["grok-only"],
    );
    simulator.reset();
    const again = await getJson("/xai/v1/models", { authorization: "Bearer xai-test" });
    assert.ok((again.body.data as { id: string }[]).length > 1);
  });

  test("another process can replace a list over HTTP", async () => {
    const post = (body: unknown) =>
      fetch(`${simulator.url}/__simulator/listed-models`, { method: "POST", body: JSON.stringify(body) });
    assert.equal((await post({ provider: "cerebras", ids: ["one", "two"] })).status, 200);
    assert.equal((await post({ provider: "cerebras" })).status, 400);
    const { body } = await getJson("/cerebras/v1/models", { authorization: "Bearer c-test" });
    assert.deepEqual(
      (body.data as { id: string }[]).map((model) => model.id),
      ["one", "two"],
    );
  });

  test("a request for a model left out of a replaced list fails as the vendor's does", async () => {
    simulator.setListedModels("openai", ["gpt-listed"]);
    simulator.setListedModels("anthropic", ["claude-listed"]);
    const post = (path: string, body: unknown) =>
      fetch(`${simulator.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const messages = [{ role: "user", content: "Hello?" }];
    const openai = await post("/openai/v1/chat/completions", { model: "gpt-hidden", messages });
    assert.equal(openai.status, 404);
    assert.deepEqual(await openai.json(), {
      error: {
        message: "The model `gpt-hidden` does not exist or you do not have access to it.",
        type: "invalid_request_error",
        param: null,
        code: "model_not_found",
      },
    });
    const anthropic = await post("/anthropic/v1/messages", {
      model: "claude-hidden",
      max_tokens: 10,
      messages,
    });
    assert.equal(anthropic.status, 404);
    assert.deepEqual(await anthropic.json(), {
      type: "error",
      error: { type: "not_found_error", message: "model: claude-hidden" },
    });
    const listed = await post("/openai/v1/chat/completions", { model: "gpt-listed", messages });
    assert.equal(listed.status, 200, "a listed model still answers");
    const google = await post("/google/v1beta/models/gemini-anything:generateContent", {
      contents: [{ role: "user", parts: [{ text: "Hello?" }] }],
    });
    assert.equal(google.status, 200, "a provider whose list was not replaced answers any model");
  });
});
