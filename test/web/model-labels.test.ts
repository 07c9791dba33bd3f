// What the page writes beside a model and an opinion: "(deprecated)" on a model its vendor retires, what
// it reads and whether it searches, the prices' date; reasoning tokens and searches on an opinion, the
// "could not search" and "did not see" notes; and the consultation input the question box sends.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ModelOpinion, PageModel } from "../../web/src/api.ts";
import { consultationInput } from "../../web/src/consultation-input.ts";
import { modelDetails, modelLabel, priceDataLabel } from "../../web/src/model-labels.ts";
import { opinionNotes, usageLine } from "../../web/src/opinion-details.ts";

const model: PageModel = {
  name: "old",
  displayName: "Old Model (Vendor)",
  provider: "openai",
  inputPricePerMillion: 1.25,
  outputPricePerMillion: 10,
  webSearch: true,
  deprecated: true,
  reads: ["image", "pdf"],
};

const opinion: ModelOpinion = {
  model: "alpha",
  modelId: "alpha-1",
  modelDisplayName: "Alpha",
  response: "Yes.",
  latencyMs: 1234,
  tokensUsed: 900,
  cost: 0.0028,
  citations: [],
};

describe("the page's model and opinion labels", () => {
  it("marks a deprecated model and says what it reads, whether it searches and its price's date", () => {
    assert.equal(modelLabel(model), "Old Model (Vendor) (deprecated)");
    assert.equal(modelLabel({ ...model, deprecated: false }), "Old Model (Vendor)");
    assert.equal(modelDetails(model), "$1.25/$10 per M tokens · reads images, PDFs · web search");
    assert.equal(
      modelDetails({ ...model, inputPricePerMillion: null, reads: [], webSearch: false }),
      "price unknown",
    );
    assert.equal(
      priceDataLabel({ source: "bundled", date: "2025-06-01", packageVersion: "0.1.8" }),
      "Prices as of 2025-06-01 (bundled with genai-prices 0.1.8)",
    );
  });

  it("shows reasoning tokens and searches, and what a model could not search or read", () => {
    assert.equal(
      usageLine({ ...opinion, reasoning: "high", reasoningTokens: 72, webSearches: 1 }),
      "1.2 s · 900 tokens · $0.0028 · 72 reasoning tokens (high) · 1 web search",
    );
    assert.equal(
      usageLine({ ...opinion, reasoning: "off", webSearches: 3 }),
      "1.2 s · 900 tokens · $0.0028 · reasoning off · 3 web searches",
    );
    assert.equal(
      usageLine({ ...opinion, cost: undefined, billing: "subscription" }),
      "1.2 s · 900 tokens · paid by subscription",
    );
    assert.deepEqual(opinionNotes({ ...opinion, webSearch: { searched: true } }), []);
    assert.deepEqual(
      opinionNotes({
        ...opinion,
        webSearch: { searched: false, note: "Alpha cannot search the web." },
        unseenAttachments: [{ name: "dot.png", reason: "Alpha does not read images." }],
      }),
      ["Could not search: Alpha cannot search the web.", "Did not see dot.png: Alpha does not read images."],
    );
  });

  it("sends files, web search, reasoning and an answer-by time only when chosen", () => {
    const request = {
      question: "What is this?",
      models: [],
      panel: "",
      review: false,
      rounds: 1,
      stances: {},
      webSearch: false,
      reasoning: "" as const,
      answerBySeconds: 0,
      attachments: [],
    };
    assert.deepEqual(consultationInput(request, undefined), { question: "What is this?" });
    assert.deepEqual(
      consultationInput(
        {
          ...request,
          webSearch: true,
          reasoning: "low",
          answerBySeconds: 30,
          attachments: [{ id: 1, name: "dot.png", mediaType: "image/png", data: "iVBORw0=", bytes: 5 }],
        },
        "c1",
      ),
      {
        question: "What is this?",
        webSearch: true,
        reasoning: "low",
        answerWithinSeconds: 30,
        attachments: [{ name: "dot.png", mediaType: "image/png", data: "iVBORw0=" }],
        conversationId: "c1",
      },
    );
  });
});
