// Reasoning and web search are set per call, per panel and per model, in that order of precedence,
// and reach only the models that have them.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { localCaller } from "../../src/application/caller.ts";
import type { Panel } from "../../src/configuration/panels.ts";
import type { ModelEntry } from "../../src/providers/model-entry.ts";
import { pdfOfPages } from "../support/attachment-files.ts";
import { consultationFixture } from "../support/consultation-fixture.ts";

const signal = new AbortController().signal;

/** Two reasoning models that can search (one with its own default level) and one that can do neither. */
const entries: ModelEntry[] = [
  { name: "thinker", provider: "anthropic", modelId: "thinker-1", reasons: true, webSearch: true },
  {
    name: "steady",
    provider: "openai",
    modelId: "steady-1",
    reasons: true,
    webSearch: true,
    reasoning: "low",
  },
  { name: "plain", provider: "cerebras", modelId: "plain-1", webSearch: false },
].map((entry) => ({
  displayName: `Model ${entry.name}`,
  inputPricePerMillion: 1,
  outputPricePerMillion: 2,
  contextWindow: 100_000,
  ...entry,
})) as ModelEntry[];

const panels: Panel[] = [
  {
    name: "careful",
    models: ["thinker", "steady", "plain"],
    primary: "thinker",
    reasoning: "high",
    webSearch: true,
  },
];

function fixture() {
  const built = consultationFixture(entries);
  built.services.defaults = { ...built.services.defaults, panels };
  return built;
}

const ask = (built: ReturnType<typeof fixture>, input: Record<string, unknown>) =>
  built.application.secondOpinion(
    localCaller,
    { question: "Q", primaryModel: "thinker", secondaryModels: ["steady", "plain"], ...input },
    { signal },
  );

/** The first (opinion) call of each model: its reasoning and its tools. */
const firstCalls = (built: ReturnType<typeof fixture>) =>
  Object.fromEntries(
    ["thinker-1", "steady-1", "plain-1"].map((id) => {
      const call = built.models.callsOf(id)[0];
      return [id, { reasoning: call?.reasoning, tools: call?.tools }];
    }),
  );

describe("reasoning and web search", () => {
  it("use each model's own reasoning default, and no search, when nothing is set", async () => {
    const built = fixture();
    const result = await ask(built, {});
    assert.deepEqual(firstCalls(built), {
      "thinker-1": { reasoning: undefined, tools: [] },
      "steady-1": { reasoning: "low", tools: [] },
      "plain-1": { reasoning: undefined, tools: [] },
    });
    assert.equal(result.primary.webSearch, undefined);
  });

  it("take the panel's settings over the models'", async () => {
    const built = fixture();
    const result = await ask(built, {
      panel: "careful",
      primaryModel: undefined,
      secondaryModels: undefined,
    });
    assert.deepEqual(firstCalls(built), {
      "thinker-1": { reasoning: "high", tools: ["web_search"] },
      "steady-1": { reasoning: "high", tools: ["web_search"] },
      "plain-1": { reasoning: undefined, tools: [] },
    });
    const plain = result.secondaryOpinions.find((opinion) => opinion.model === "plain");
    assert.equal(plain?.webSearch?.searched, false);
    assert.match(plain?.webSearch?.note ?? "", /Model plain cannot search the web/);
  });

  it("take the call's settings over the panel's", async () => {
    const built = fixture();
    await ask(built, {
      panel: "careful",
      primaryModel: undefined,
      secondaryModels: undefined,
      reasoning: "off",
      webSearch: false,
    });
    assert.deepEqual(firstCalls(built), {
      "thinker-1": { reasoning: "none", tools: [] },
      "steady-1": { reasoning: "none", tools: [] },
      "plain-1": { reasoning: undefined, tools: [] },
    });
  });

  it("refuse an unknown reasoning level", async () => {
    await assert.rejects(ask(fixture(), { reasoning: "maximum" }), /reasoning/);
  });
});

describe("the cost estimate", () => {
  /** The catalog's Claude, priced by the price data (which charges per web search). */
  const claude: ModelEntry = {
    name: "claude",
    provider: "anthropic",
    modelId: "claude-opus-5-5",
    displayName: "Claude",
    contextWindow: 1_000_000,
    webSearch: true,
    reasons: true,
    reads: ["image", "pdf"],
  };
  const estimateOf = async (input: Record<string, unknown>) => {
    const built = consultationFixture([claude]);
    const result = await built.application.secondOpinion(
      localCaller,
      { question: "Q", primaryModel: "claude", maxOpinions: 0, maxCostUsd: 100, ...input },
      { signal },
    );
    return result.budget?.estimatedCostUsd ?? 0;
  };

  it("counts the attachments' tokens: a ten-page PDF costs more to ask about than none", async () => {
    // Written as most PDF 1.5+ writers do: the pages in compressed object streams.
    const pdf = (await pdfOfPages(10)).toString("base64");
    const plain = await estimateOf({});
    const withPdf = await estimateOf({
      attachments: [{ name: "r.pdf", mediaType: "application/pdf", data: pdf }],
    });
    // Ten pages at up to 3,000 tokens each, at $4 per million input tokens.
    assert.equal(Math.round((withPdf - plain) * 1e6) / 1e6, (10 * 3000 * 4) / 1e6);
  });

  it("counts the searches of a searching call at the vendor's fee", async () => {
    const plain = await estimateOf({});
    const searching = await estimateOf({ webSearch: true });
    // Up to five searches at $10 per 1,000.
    assert.equal(Math.round((searching - plain) * 1e6) / 1e6, (5 * 10) / 1000);
  });
});
