// The models use case (every model and panel, with availability and prices, counted like a read) and
// agent.second_opinion with a named panel, over fake models.

import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, it } from "node:test";
import { localCaller } from "../../src/application/caller.ts";
import type { Panel } from "../../src/configuration/panels.ts";
import type { ServiceError } from "../../src/contract/service-error.ts";
import { startPriceRefresh } from "../../src/pricing/price-source.ts";
import { readProviderSettings } from "../../src/providers/provider-environment.ts";
import { consultationFixture, fakeEntries } from "../support/consultation-fixture.ts";
import { assertMatchesOutputSchema } from "../support/seed-schemas.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const signal = new AbortController().signal;

const panels: Panel[] = [
  { name: "trio", models: ["alpha", "beta", "gamma"], primary: "alpha", description: "Three of them" },
  {
    name: "pair",
    models: ["delta", "epsilon"],
    primary: "epsilon",
    synthesisModel: "delta",
    hedge: { after: 2000, equivalents: {} },
  },
  { name: "remote", models: ["beta", "offline"], primary: "beta" },
];

/** The fixture with `panels` configured and one known model ("offline") that has no key. */
function fixtureWithPanels() {
  const fixture = consultationFixture();
  const offline = {
    ...fakeEntries[0],
    name: "offline",
    modelId: "offline-1",
  } as (typeof fakeEntries)[number];
  delete offline.inputPricePerMillion;
  fixture.services.defaults = { ...fixture.services.defaults, panels };
  fixture.services.roster = {
    ...fixture.services.roster,
    statuses: [
      ...fixture.services.roster.statuses,
      { entry: offline, available: false, reason: "missing key: set OFFLINE_API_KEY" },
    ],
  };
  return fixture;
}

describe("the models use case", () => {
  it("lists every model with availability, reason and price, and every panel with its availability and cost", async () => {
    const { application } = fixtureWithPanels();
    const listing = await application.listModels(localCaller, {});
    assertMatchesOutputSchema("models", listing);
    assert.deepEqual(listing.models[0], {
      name: "alpha",
      provider: "cerebras",
      modelId: "alpha-1",
      displayName: "Model alpha",
      available: true,
      pricing: { inputPerMillion: 1, outputPerMillion: 2, source: "config" },
      deprecated: false,
      webSearch: false,
      alwaysSearches: false,
      reasons: false,
      reads: [],
      contextWindow: 100_000,
      // A model id no family rule knows, from a vendor that serves many families: a family of its own.
      family: { id: "model:alpha", name: "Model alpha" },
    });
    assert.equal(listing.models.find((model) => model.name === "epsilon")?.family.name, "OpenAI GPT");
    assert.equal(listing.priceData.source, "bundled");
    assert.match(listing.priceData.date, /^\d{4}-\d{2}-\d{2}$/);
    const offline = listing.models.find((model) => model.name === "offline");
    assert.equal(offline?.available, false);
    assert.equal(offline?.reason, "missing key: set OFFLINE_API_KEY");
    assert.equal(offline?.pricing, null);

    const [trio, pair, remote] = listing.panels;
    // Three answers of 800 tokens to a 1,000-token question, then a synthesis reading all of them.
    const answer = (1000 * 1 + 800 * 2) / 1e6;
    const synthesis = ((1000 + 3 * 800) * 1 + 800 * 2) / 1e6;
    assert.deepEqual(trio, {
      name: "trio",
      description: "Three of them",
      models: ["alpha", "beta", "gamma"],
      primary: "alpha",
      hedge: false,
      available: true,
      unavailableModels: [],
      estimatedCostUsd: Math.round((3 * answer + synthesis) * 1e6) / 1e6,
    });
    assert.equal(pair?.hedge, true);
    assert.equal(pair?.synthesisModel, "delta");
    assert.equal(remote?.available, false);
    assert.deepEqual(remote?.unavailableModels, ["offline"]);
    assert.equal(remote?.estimatedCostUsd, undefined, "a model without a price leaves the cost unknown");
  });

  it("refuses arguments and counts against the caller's requests per hour", async () => {
    const { application } = fixtureWithPanels();
    await assert.rejects(
      application.listModels(localCaller, { verbose: true }),
      (error: ServiceError) => error.code === "invalid_argument",
    );
    const anonymous = { userId: "someone", tier: "anonymous" };
    for (let request = 0; request < 5; request += 1) await application.listModels(anonymous, {});
    await assert.rejects(
      application.listModels(anonymous, {}),
      (error: ServiceError) => error.code === "rate_limited",
    );
  });

  it("shows where prices are refreshed from, and why a refresh failed, to the machine's own user alone", async () => {
    const server = createServer((_request, response) => response.writeHead(503).end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const cachePath = join(temporaryDirectory("prices"), "price-data.json");
      const refresh = startPriceRefresh({
        url: `http://127.0.0.1:${port}/data.json?token=secret`,
        cachePath,
      });
      await refresh.ready;
      refresh.stop();
      const { application } = fixtureWithPanels();
      const local = (await application.listModels(localCaller, {})).priceData;
      assert.equal(local.refreshHost, `127.0.0.1:${port}`);
      assert.match(local.refreshError ?? "", /answered HTTP 503/);
      assert.doesNotMatch(JSON.stringify(local), /secret/);
      const user = (await application.listModels({ userId: "someone", tier: "user" }, {})).priceData;
      assert.deepEqual(Object.keys(user).sort(), ["date", "packageVersion", "source"]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("the models use case's key sources", () => {
  it("tells the machine's own user where each key and endpoint was read, and no one else", async () => {
    const environment = {
      CLAUDECODE: "1",
      ANTHROPIC_API_KEY: "sk-ant-inherited-9999",
      ANTHROPIC_BASE_URL: "https://user:pw@proxy.example.com/v1",
    };
    const { application } = consultationFixture(fakeEntries, {
      providers: { providers: readProviderSettings(environment), models: fakeEntries, environment },
    });
    const local = await application.listModels(localCaller, {});
    assertMatchesOutputSchema("models", local);
    assert.deepEqual(
      local.keys?.map((source) => [source.provider, source.key?.variable, source.endpoint?.host]),
      [["anthropic", "ANTHROPIC_API_KEY", "proxy.example.com"]],
    );
    assert.match(local.keys?.[0]?.note ?? "", /likely Claude Code's own, and ai-universe bills that key/);
    assert.doesNotMatch(JSON.stringify(local), /sk-ant-inherited|pw@/);
    const user = await application.listModels({ userId: "someone", tier: "user" }, {});
    assert.equal(user.keys, undefined);
    assert.deepEqual(
      (await application.modelListing(localCaller)).keys,
      local.keys,
      "the models command lists the same",
    );
  });
});

describe("agent.second_opinion with a panel", () => {
  it("asks the panel's models and has its synthesis model write the synthesis", async () => {
    const { application, models } = fixtureWithPanels();
    const result = await application.secondOpinion(
      localCaller,
      { question: "Which?", panel: "pair" },
      { signal },
    );
    assert.equal(result.primary.model, "epsilon");
    assert.deepEqual(
      result.secondaryOpinions.map((opinion) => opinion.model),
      ["delta"],
    );
    assert.equal(result.synthesis?.model, "delta");
    assert.deepEqual(
      [...new Set(models.calls.map((call) => call.model))].sort(),
      ["delta-1", "epsilon-1"],
      "no model outside the panel was called",
    );
  });

  it("refuses an unknown panel with the known ones, before any model is called", async () => {
    const { application, models } = fixtureWithPanels();
    await assert.rejects(
      application.secondOpinion(localCaller, { question: "Which?", panel: "nobody" }, { signal }),
      (error: ServiceError) => {
        assert.equal(error.code, "invalid_argument");
        assert.match(error.message, /Unknown panel "nobody"\. Panels: trio, pair, remote\./);
        return true;
      },
    );
    assert.equal(models.calls.length, 0);
  });
});
