// Web search through every real AI SDK provider that has one: the vendor's own search items (queries,
// tool calls, grounding) and its sources come back only when the call asks for the vendor's search tool
// (Perplexity always searches), whole and streamed.

import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { type ContentPart, generateText, type ProviderMetadata, streamText, type ToolSet } from "ai";

// Keeps the AI SDK from printing compatibility warnings about the simulated (unknown) model ids.
Object.assign(globalThis, { AI_SDK_LOG_WARNINGS: false });

import { type CallOptions, type ProviderCase, providerCaseNamed, providerCases } from "./provider-cases.ts";
import {
  type ProviderSimulator,
  type SimulatedCitation,
  startProviderSimulator,
} from "./provider-simulator.ts";
import { defaultCitations } from "./web-search.ts";

const prompt = "Who won the 2024 Tour de France?";
const citations: SimulatedCitation[] = [
  {
    url: "https://example.org/tour-2024",
    title: "Tour de France 2024 results",
    snippet: "Tadej Pogačar won the 2024 Tour de France.",
    date: "2024-07-21",
  },
  { url: "https://example.com/pogacar", title: "Pogačar's double" },
];
const searchQueries = ["tour de france 2024 winner", "pogacar giro tour double"];

let simulator: ProviderSimulator;
before(async () => {
  simulator = await startProviderSimulator();
});
after(() => simulator.close());
beforeEach(() => simulator.reset());

/** What one call got back, the same for generateText and streamText. */
interface Received {
  text: string;
  content: ContentPart<ToolSet>[];
  sources: { url: string | undefined; title: string | undefined }[];
  providerMetadata: ProviderMetadata | undefined;
}

async function call(
  providerCase: ProviderCase,
  mode: string,
  options: CallOptions = {},
  question = prompt,
): Promise<Received> {
  const settings = {
    model: providerCase.createModel(simulator.url),
    prompt: question,
    maxRetries: 0,
    ...options,
  };
  const result = mode === "generateText" ? await generateText(settings) : streamText(settings);
  const sources = (await result.sources).map((source) => ({
    url: "url" in source ? source.url : undefined,
    title: source.title,
  }));
  return {
    text: await result.text,
    content: await result.content,
    sources,
    providerMetadata: await result.providerMetadata,
  };
}

/**
 * What the AI SDK reports of the searches a vendor ran: their queries (from the provider-executed tool calls
 * and results, or Gemini's grounding metadata), their number (Perplexity), or nothing (OpenRouter reports only
 * the sources).
 */
function reportedSearches(providerCase: ProviderCase, received: Received): string[] | number {
  const parts = received.content.filter((part) => part.type === "tool-call" || part.type === "tool-result");
  switch (providerCase.provider) {
    case "google": {
      const grounding = received.providerMetadata?.google?.groundingMetadata as {
        webSearchQueries?: string[];
      };
      return grounding?.webSearchQueries ?? [];
    }
    case "perplexity": {
      const usage = received.providerMetadata?.perplexity?.usage as { numSearchQueries?: number } | undefined;
      return usage?.numSearchQueries ?? 0;
    }
    case "anthropic":
      return parts.flatMap((part) =>
        part.type === "tool-call" ? [(part.input as { query: string }).query] : [],
      );
    default:
      return parts.flatMap((part) =>
        part.type === "tool-result" ? [(part.output as { action: { query: string } }).action.query] : [],
      );
  }
}

/** The sources a search returns through this provider: titled, or bare URLs. */
function sourcesAsReceived(providerCase: ProviderCase, expected: SimulatedCitation[]): Received["sources"] {
  return expected.map((citation) => ({
    url: citation.url,
    title: providerCase.citations === "with-titles" ? citation.title : undefined,
  }));
}

for (const providerCase of providerCases.filter((candidate) => candidate.webSearch)) {
  const expectedSearches = (queries: string[]) =>
    providerCase.provider === "perplexity"
      ? queries.length
      : providerCase.provider === "openrouter"
        ? []
        : queries;

  describe(`${providerCase.name}: web search`, () => {
    for (const mode of ["generateText", "streamText"]) {
      test(`${mode} gets the scripted queries and sources in the vendor's form`, async () => {
        simulator.setBehaviour(providerCase.modelId, { text: "Pogačar won.", citations, searchQueries });
        const received = await call(providerCase, mode, providerCase.webSearch);
        assert.equal(received.text, "Pogačar won.");
        assert.deepEqual(received.sources, sourcesAsReceived(providerCase, citations));
        assert.deepEqual(reportedSearches(providerCase, received), expectedSearches(searchQueries));
        assert.equal(simulator.requests[0]?.search, true);
      });
    }

    test("a search with nothing scripted asks the question's start and finds two sources from it", async () => {
      const question = "Which rider won the 2024 Tour de France, and by how many minutes did he win it?";
      const received = await call(providerCase, "generateText", providerCase.webSearch, question);
      assert.deepEqual(received.sources, sourcesAsReceived(providerCase, defaultCitations(question)));
      assert.deepEqual(reportedSearches(providerCase, received), expectedSearches([question.slice(0, 60)]));
    });

    if (providerCase.provider !== "perplexity") {
      test("a call that does not ask for search gets no search items and no sources", async () => {
        simulator.setBehaviour(providerCase.modelId, { text: "Pogačar won.", citations, searchQueries });
        const received = await call(providerCase, "streamText");
        assert.equal(received.text, "Pogačar won.");
        assert.deepEqual(received.sources, []);
        assert.deepEqual(reportedSearches(providerCase, received), []);
        assert.equal(received.providerMetadata?.google?.groundingMetadata ?? undefined, undefined);
        assert.equal(simulator.requests[0]?.search, false);
      });
    }
  });
}

describe("vendor details of web search", () => {
  test("Perplexity searches unasked and lists title, url, date and snippet in search_results", async () => {
    simulator.setBehaviour("sonar-raw", { citations });
    const response = await fetch(`${simulator.url}/perplexity/chat/completions`, {
      method: "POST",
      body: JSON.stringify({ model: "sonar-raw", messages: [{ role: "user", content: prompt }] }),
    });
    const body = (await response.json()) as { citations: string[]; search_results: unknown[] };
    assert.deepEqual(body.citations, [citations[0]?.url, citations[1]?.url]);
    assert.deepEqual(body.search_results, [
      {
        title: "Tour de France 2024 results",
        url: "https://example.org/tour-2024",
        date: "2024-07-21",
        snippet: "Tadej Pogačar won the 2024 Tour de France.",
      },
      { title: "Pogačar's double", url: "https://example.com/pogacar", date: null },
    ]);
  });

  test("OpenAI keeps the annotations' titles when the call leaves out the search's source list", async () => {
    const openai = providerCaseNamed("openai (default model)");
    simulator.setBehaviour(openai.modelId, { citations });
    const received = await call(openai, "streamText", {
      ...openai.webSearch,
      providerOptions: { openai: { includeWebSearchSources: false } },
    });
    assert.deepEqual(
      received.sources,
      citations.map(({ url, title }) => ({ url, title })),
    );
    assert.equal(((simulator.requests[0]?.body ?? {}) as { include?: unknown }).include, undefined);
  });

  test("each vendor counts its searches in usage the way its SDK passes it on", async () => {
    const counted: Record<string, (raw: Record<string, unknown>) => unknown> = {
      anthropic: (raw) => (raw.server_tool_use as { web_search_requests: number }).web_search_requests,
      "xai (default model)": (raw) => [raw.num_server_side_tools_used, raw.num_sources_used],
      perplexity: (raw) => raw.num_search_queries,
    };
    const expected: Record<string, unknown> = { anthropic: 2, "xai (default model)": [2, 2], perplexity: 2 };
    for (const [name, count] of Object.entries(counted)) {
      const providerCase = providerCaseNamed(name);
      simulator.setBehaviour(providerCase.modelId, { citations, searchQueries });
      const result = await generateText({
        model: providerCase.createModel(simulator.url),
        prompt,
        maxRetries: 0,
        ...providerCase.webSearch,
      });
      assert.deepEqual(count(result.usage.raw ?? {}), expected[name], name);
    }
  });
});
