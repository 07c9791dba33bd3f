// Web search, reasoning, cached input, long-context tiers, attachments and unknown models, end to end
// over MCP for each vendor: the real server, the official clients, the simulator speaking each vendor's
// wire protocol. Costs are checked against the price data's own calculation of the reported usage.

import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import { calcPrice } from "@pydantic/genai-prices";
import { builtInCatalog } from "../../src/configuration/catalog.ts";
import type { ModelOpinion } from "../../src/contract/opinions.ts";
import { priceProviderIds } from "../../src/pricing/price-data.ts";
import { tinyPdf } from "../support/attachment-files.ts";
import { historyOf, modelIds, secondOpinionOf, useEndToEnd } from "./support/e2e-fixture.ts";
import { connectClient } from "./support/mcp-clients.ts";

/** The price data's own total for what `opinion` reports. */
function priceDataCost(opinion: ModelOpinion): number {
  const entry = builtInCatalog.find((candidate) => candidate.name === opinion.model);
  assert.ok(entry && opinion.inputTokens !== undefined && opinion.outputTokens !== undefined, opinion.model);
  const usage: Record<string, number> = {
    input_tokens: opinion.inputTokens,
    output_tokens: opinion.outputTokens,
    ...(opinion.cachedInputTokens ? { cache_read_tokens: opinion.cachedInputTokens } : {}),
    ...(opinion.reasoningTokens ? { output_reasoning_tokens: opinion.reasoningTokens } : {}),
    ...(opinion.webSearches ? { web_searches: opinion.webSearches } : {}),
  };
  const result = calcPrice(usage, entry.modelId, { providerId: priceProviderIds[entry.provider] ?? "" });
  assert.ok(result, `${entry.modelId} is priced`);
  return Math.round(result.total_price * 1e8) / 1e8;
}

const secondaries = ["openai", "gemini", "grok", "perplexity", "openrouter", "cerebras"];
const byModel = (opinions: ModelOpinion[]) => new Map(opinions.map((opinion) => [opinion.model, opinion]));

/** A PNG signature and a one-page PDF: enough for the checks and the simulator. */
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString("base64");
const pdf = tinyPdf.toString("base64");

describe("vendor features end to end", () => {
  const context = useEndToEnd({ modelDeadlineMs: 30_000 });
  beforeEach(() => context.simulator.reset());

  const ask = async (args: Record<string, unknown>) =>
    secondOpinionOf(
      await context.client.callTool("agent.second_opinion", {
        primaryModel: "claude",
        secondaryModels: secondaries,
        ...args,
      }),
    );
  const requestFor = (modelId: string) => {
    const request = context.simulator.requests.find((candidate) => candidate.model === modelId);
    assert.ok(request, `${modelId} was asked`);
    return request;
  };

  it("webSearch turns on each vendor's own search; citations, search counts and fees come back per model", async () => {
    for (const entry of builtInCatalog) {
      context.simulator.setBehaviour(entry.modelId, {
        citations: [{ url: `https://${entry.name}.example.org/found`, title: `Found by ${entry.name}` }],
      });
    }
    const result = await ask({ question: "What changed in the EU AI Act this year?", webSearch: true });
    const opinions = byModel([result.primary, ...result.secondaryOpinions]);
    for (const name of ["claude", "openai", "gemini", "grok", "perplexity", "openrouter"]) {
      const opinion = opinions.get(name);
      assert.ok(opinion && !opinion.error, `${name}: ${opinion?.response}`);
      assert.ok(opinion.citations.length > 0, `${name} cites its sources`);
      for (const citation of opinion.citations) assert.match(citation.url, /^https?:\/\//);
      // @ai-sdk/perplexity passes its sources as bare URLs; the title is then the host name.
      const title = name === "perplexity" ? "perplexity.example.org" : `Found by ${name}`;
      assert.ok(
        opinion.citations.some((citation) => citation.title === title),
        `${name} keeps the vendor's titles: ${JSON.stringify(opinion.citations)}`,
      );
      assert.equal(opinion.webSearch?.searched, true, name);
      assert.equal(
        requestFor(builtInCatalog.find((entry) => entry.name === name)?.modelId ?? "").search,
        true,
      );
      assert.equal(opinion.cost, priceDataCost(opinion), `${name}'s cost is the price data's`);
    }
    for (const name of ["claude", "openai", "gemini", "grok"]) {
      assert.ok((opinions.get(name)?.webSearches ?? 0) >= 1, `${name} reports its searches`);
    }
    // Anthropic charges per search: the fee is in the cost.
    const claude = opinions.get("claude");
    assert.ok(claude?.webSearches && claude.cost !== undefined);
    const cerebras = opinions.get("cerebras");
    assert.equal(cerebras?.webSearch?.searched, false);
    assert.match(cerebras?.webSearch?.note ?? "", /cannot search the web/);
    assert.equal(requestFor(modelIds.cerebras).search, false);
    // The synthesis is given every model's sources, numbered, and told who found each.
    const sources = result.synthesis?.sources ?? [];
    const finders = new Set(
      [...opinions.values()]
        .filter((opinion) => opinion.citations.length > 0)
        .map((opinion) => opinion.model),
    );
    assert.ok(finders.size >= 5 && sources.length >= finders.size, `${sources.length} sources`);
    const synthesisBody = JSON.stringify(
      context.simulator.requests.filter((request) => request.model === modelIds.claude).at(-1)?.body,
    );
    assert.match(synthesisBody, /\[1\] .*found by/);
  });

  it("without webSearch, only Perplexity searches", async () => {
    const result = await ask({ question: "Plain question" });
    for (const request of context.simulator.requests) {
      assert.equal(request.search, request.provider === "perplexity", `${request.provider} ${request.model}`);
    }
    for (const opinion of result.secondaryOpinions) assert.equal(opinion.webSearch, undefined);
  });

  it("reasoning reaches every reasoning model; its tokens are reported and priced, its text never returned", async () => {
    const result = await ask({
      question: "Prove that the square root of 2 is irrational.",
      reasoning: "high",
    });
    const opinions = byModel([result.primary, ...result.secondaryOpinions]);
    for (const name of ["claude", "openai", "gemini", "grok", "openrouter", "cerebras"]) {
      const opinion = opinions.get(name);
      assert.ok(opinion && !opinion.error, `${name}: ${opinion?.response}`);
      assert.equal(opinion.reasoning, "high", name);
      const modelId = builtInCatalog.find((entry) => entry.name === name)?.modelId ?? "";
      assert.equal(requestFor(modelId).reasoning, true, `${name} was asked to reason`);
      assert.doesNotMatch(opinion.response, /Thinking about/, `${name} returned its thoughts`);
      assert.equal(opinion.cost, priceDataCost(opinion), `${name}'s cost is the price data's`);
    }
    for (const name of ["openai", "gemini", "grok"]) {
      assert.ok((opinions.get(name)?.reasoningTokens ?? 0) > 0, `${name} reports reasoning tokens`);
    }
    // Perplexity's sonar-pro has no reasoning control: not asked, not reported.
    assert.equal(opinions.get("perplexity")?.reasoning, undefined);
  });

  it("prices cached input and the long-context tier as the price data does", async () => {
    context.simulator.setBehaviour(modelIds.claude, {
      usage: { inputTokens: 12_000, outputTokens: 300, cachedInputTokens: 10_000 },
    });
    context.simulator.setBehaviour(modelIds.gemini, { usage: { inputTokens: 250_000, outputTokens: 400 } });
    context.simulator.setBehaviour(modelIds.openai, {
      usage: { inputTokens: 5_000, outputTokens: 200, cachedInputTokens: 4_096 },
    });
    const result = await ask({ question: "A long document follows", secondaryModels: ["gemini", "openai"] });
    const opinions = byModel([result.primary, ...result.secondaryOpinions]);
    const claude = opinions.get("claude");
    assert.equal(claude?.cachedInputTokens, 10_000);
    assert.equal(claude?.inputTokens, 12_000);
    assert.equal(opinions.get("openai")?.cachedInputTokens, 4_096);
    for (const opinion of opinions.values())
      assert.equal(opinion.cost, priceDataCost(opinion), opinion.model);
    const gemini = opinions.get("gemini");
    // Above Gemini Pro's 200,000-token tier every input token costs the higher price.
    assert.ok((gemini?.cost ?? 0) > (250_000 * 2) / 1e6, `${gemini?.cost}`);
  });

  it("sends images and PDFs to the models that read them; the others answer and say what they did not see", async () => {
    const result = await ask({
      question: "What does the chart show, and does the report agree?",
      attachments: [
        { name: "chart.png", mediaType: "image/png", data: png },
        { name: "report.pdf", mediaType: "application/pdf", data: pdf },
        { name: "notes.txt", mediaType: "text/plain", data: Buffer.from("NOTE-TEXT-42").toString("base64") },
      ],
    });
    const seen = (modelId: string) =>
      requestFor(modelId)
        .attachments.map((attachment) => attachment.mediaType)
        .sort();
    for (const modelId of [modelIds.claude, modelIds.openai, modelIds.gemini]) {
      assert.deepEqual(seen(modelId), ["application/pdf", "image/png"], modelId);
    }
    assert.deepEqual(seen(modelIds.grok), ["image/png"]);
    assert.deepEqual(seen(modelIds.cerebras), []);
    const opinions = byModel([result.primary, ...result.secondaryOpinions]);
    assert.deepEqual(
      opinions.get("grok")?.unseenAttachments?.map((file) => file.name),
      ["report.pdf"],
    );
    assert.deepEqual(
      opinions.get("cerebras")?.unseenAttachments?.map((file) => file.name),
      ["chart.png", "report.pdf"],
    );
    assert.equal(opinions.get("cerebras")?.error, undefined);
    assert.equal(opinions.get("claude")?.unseenAttachments, undefined);
    // Text files reach every model in its prompt.
    for (const name of ["claude", ...secondaries]) {
      const modelId = builtInCatalog.find((entry) => entry.name === name)?.modelId ?? "";
      assert.match(JSON.stringify(requestFor(modelId).body), /NOTE-TEXT-42/, name);
    }
    const history = historyOf(
      await context.client.callTool("conversation.get-history", { conversationId: result.conversationId }),
    );
    const stored = history.messages[0]?.metadata.attachments as {
      name: string;
      mediaType: string;
      bytes: number;
    }[];
    assert.deepEqual(
      stored.map((file) => [file.name, file.mediaType]),
      [
        ["chart.png", "image/png"],
        ["report.pdf", "application/pdf"],
        ["notes.txt", "text/plain"],
      ],
    );
  });

  it("refuses a file that is not what it says, with the file named", async () => {
    const result = await context.client.callTool("agent.second_opinion", {
      question: "Look",
      attachments: [{ name: "photo.png", mediaType: "image/png", data: pdf }],
    });
    assert.equal(result.isError, true);
    assert.match(result.content[0]?.text ?? "", /photo\.png: the content is not image\/png/);
    assert.equal(context.simulator.requests.length, 0);
  });

  it("a model the key cannot use becomes an error opinion naming the models the key can use", async () => {
    context.simulator.setListedModels("anthropic", ["claude-haiku-4-5", "claude-sonnet-5"]);
    const result = await ask({ question: "Which database?", secondaryModels: ["openai"] });
    assert.equal(result.primary.error, true);
    assert.equal(result.primary.errorCode, "model_not_found");
    assert.match(
      result.primary.response,
      /Model "claude" \(claude-opus-5-5\) is not available to this Anthropic key/,
    );
    assert.match(result.primary.response, /Models this key can use: [^.]*claude-haiku-4-5/);
    assert.equal(result.secondaryOpinions[0]?.error, undefined);
  });

  it("every feature at once holds the seed schema for an SDK v1 client on 2025-06-18", async () => {
    const client = await connectClient("v1-2025-06-18", { transport: "http", url: context.server.url });
    try {
      const result = secondOpinionOf(
        await client.callTool("agent.second_opinion", {
          question: "Summarise the chart",
          primaryModel: "gemini",
          secondaryModels: ["claude", "cerebras"],
          webSearch: true,
          reasoning: "low",
          attachments: [{ name: "chart.png", mediaType: "image/png", data: png }],
        }),
      );
      assert.ok(result.primary.citations.length > 0);
      assert.equal(result.primary.reasoning, "low");
    } finally {
      await client.close();
    }
  });
});
