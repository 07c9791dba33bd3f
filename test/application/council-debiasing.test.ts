// The debiased council, with fake models: each reviewer ranks the answers twice with their places
// swapped, a reviewer that always prefers the answer shown first is found inconsistent and does not
// decide the aggregate, a reviewer ranking by content scores 1; and agreement is weighed by model
// family (the family map, the families told to the synthesis, the family-weighted agreement).

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { localCaller } from "../../src/application/caller.ts";
import { swappedOrder } from "../../src/consultation/council/anonymise.ts";
import { familyAgreement, familyOf, groupByFamily } from "../../src/consultation/council/model-families.ts";
import { consistencyOf, weightOf } from "../../src/consultation/council/review-aggregate.ts";
import type { ModelEntry } from "../../src/providers/model-entry.ts";
import { consultationFixture } from "../support/consultation-fixture.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";

const signal = new AbortController().signal;
const colours: Record<string, string> = {
  alpha: "Answer Red",
  beta: "Answer Green",
  gamma: "Answer Blue",
  delta: "Answer Black",
};
const taste = ["Answer Green", "Answer Red", "Answer Blue", "Answer Black"];

/** The responses of a review prompt (as the fake model sees it: JSON text), in the order shown. */
function shown(prompt: string): { label: string; text: string }[] {
  return [...prompt.matchAll(/### Response ([A-Z])\\n\\n(Answer \w+)/g)].map(([, label, text]) => ({
    label: label as string,
    text: text as string,
  }));
}

/** A reviewer ranking by content: by `taste`, wherever an answer is shown. */
const byTaste = (prompt: string) => ({
  ranking: shown(prompt)
    .sort((a, b) => taste.indexOf(a.text) - taste.indexOf(b.text))
    .map((place) => ({ response: place.label, reason: `${place.text} reads well` })),
});

/** A reviewer swayed by position: whatever is shown first is best, and so on down. */
const byPosition = (prompt: string) => ({
  ranking: shown(prompt).map((place) => ({ response: place.label, reason: "it came first" })),
});

/** Four models answering their colour; alpha reviews by position, the others by content. */
async function reviewedCouncil() {
  const { models, application } = consultationFixture();
  for (const model of ["alpha", "beta", "gamma", "delta"]) {
    const review = { object: model === "alpha" ? byPosition : byTaste };
    models.script(`${model}-1`, { text: colours[model] }, review, review, { text: "the synthesis" });
  }
  const result = await application.secondOpinion(
    localCaller,
    {
      question: "Which colour?",
      primaryModel: "alpha",
      secondaryModels: ["beta", "gamma", "delta"],
      review: true,
    },
    { signal },
  );
  return { models, result };
}

describe("the debiased review", () => {
  it("shows each reviewer the answers twice, every answer in another place and lettered anew", async () => {
    const { models, result } = await reviewedCouncil();
    assertMatchesSchema("secondOpinion", result);
    for (const model of ["alpha", "beta", "gamma", "delta"]) {
      const [first, second] = models
        .callsOf(`${model}-1`)
        .slice(1, 3)
        .map((call) => shown(JSON.stringify(call.prompt)));
      assert.equal(first?.length, 3);
      assert.deepEqual(
        first?.map((place) => place.label),
        ["A", "B", "C"],
      );
      assert.deepEqual(
        second?.map((place) => place.label),
        ["A", "B", "C"],
      );
      for (const [index, place] of (first ?? []).entries()) {
        assert.notEqual(
          second?.[index]?.text,
          place.text,
          `${model} saw ${place.text} in the same place twice`,
        );
      }
    }
  });

  it("finds a reviewer that always prefers the first answer inconsistent, and leaves its bias out of the aggregate", async () => {
    // The order shown is random: whatever it was, the aggregate is the consistent reviewers'.
    for (let run = 0; run < 4; run += 1) {
      const { result } = await reviewedCouncil();
      const byReviewer = new Map(result.review?.reviews.map((review) => [review.reviewer, review]));
      const biased = byReviewer.get("alpha");
      assert.ok((biased?.consistency ?? 1) < 0.5, `consistency ${biased?.consistency}`);
      assert.equal(biased?.weight, 0);
      assert.equal(biased?.inconsistent, true);
      for (const reviewer of ["beta", "gamma", "delta"]) {
        assert.equal(byReviewer.get(reviewer)?.consistency, 1, `${reviewer} ranks by content`);
        assert.equal(byReviewer.get(reviewer)?.weight, 1);
        assert.equal(byReviewer.get(reviewer)?.inconsistent, undefined);
      }
      assert.deepEqual(result.review?.ranking, [
        { model: "beta", points: 4, meanRank: 1, reviews: 2 },
        { model: "alpha", points: 4, meanRank: 1.67, reviews: 3 },
        { model: "gamma", points: 1, meanRank: 2.5, reviews: 2 },
        { model: "delta", points: 0, meanRank: 3, reviews: 2 },
      ]);
    }
  });

  it("tells the synthesis which reviewer was not counted, and counts both review calls", async () => {
    const { models, result } = await reviewedCouncil();
    const synthesisPrompt = JSON.stringify(models.callsOf("alpha-1")[3]?.prompt);
    assert.match(synthesisPrompt, /Not counted: alpha ranked the same answers differently/);
    assert.equal(
      result.summary.totalTokens,
      150 * 13,
      "four opinions, four reviews in two orders, one synthesis",
    );
    const review = result.review?.reviews.find((peer) => peer.reviewer === "beta");
    assert.equal(review?.call.tokensUsed, 300, "a review's usage is both presentations'");
  });

  it("counts every reviewer alike when none ranks consistently, their two orders balancing each place", async () => {
    const { models, application } = consultationFixture();
    for (const model of ["alpha", "beta", "gamma"]) {
      models.script(`${model}-1`, { text: colours[model] }, { object: byPosition });
    }
    const result = await application.secondOpinion(
      localCaller,
      { question: "Which colour?", primaryModel: "alpha", secondaryModels: ["beta", "gamma"], review: true },
      { signal },
    );
    for (const review of result.review?.reviews ?? []) {
      assert.equal(review.consistency, 0);
      assert.equal(review.inconsistent, true);
      assert.equal(review.weight, 1, "counted all the same");
    }
    assert.deepEqual(
      result.review?.ranking.map((place) => [place.model, place.points, place.meanRank]),
      [
        ["alpha", 1, 1.5],
        ["beta", 1, 1.5],
        ["gamma", 1, 1.5],
      ],
    );
    const synthesisPrompt = JSON.stringify(models.callsOf("alpha-1").at(-1)?.prompt);
    assert.match(synthesisPrompt, /No reviewer ranked consistently, so all count alike: alpha, beta, gamma/);
  });

  it("swaps every answer's place for any count, and scores the agreement of two rankings", () => {
    for (let count = 2; count <= 7; count += 1) {
      const items = Array.from({ length: count }, (_, index) => index);
      const swapped = swappedOrder(items);
      assert.deepEqual([...swapped].sort(), items);
      for (const item of items) assert.notEqual(swapped[item], item, `${count} items: ${swapped}`);
    }
    const ranking = ["a", "b", "c", "d"].map((model) => ({ model }));
    assert.equal(consistencyOf(ranking, ranking), 1);
    assert.equal(consistencyOf(ranking, [...ranking].reverse()), 0);
    assert.equal(consistencyOf(ranking, swappedOrder(ranking)), 0);
    assert.equal(consistencyOf(ranking.slice(0, 1), ranking.slice(0, 1)), undefined, "no pair to order");
    assert.equal(weightOf(1), 1);
    assert.equal(weightOf(0.5), 0);
    assert.equal(weightOf(0.75), 0.5);
    assert.equal(weightOf(undefined), 1);
  });
});

/** A model of `provider` with `modelId`. */
function entry(name: string, provider: ModelEntry["provider"], modelId: string): ModelEntry {
  return { name, provider, modelId, displayName: name, contextWindow: 100_000, webSearch: false };
}

describe("model families", () => {
  it("knows a model's family by its id whoever serves it, else by its vendor, else as a family of its own", () => {
    const cases: [ModelEntry["provider"], string, string][] = [
      ["openai", "gpt-6-sol", "openai"],
      ["openai", "o3-mini", "openai"],
      ["cerebras", "gpt-oss-120b", "openai"],
      ["anthropic", "claude-opus-5-5", "anthropic"],
      ["google", "gemini-3.1-pro-preview", "google"],
      ["ollama", "gemma3:12b", "google"],
      ["xai", "grok-4.6", "xai"],
      ["ollama", "llama3.2", "meta"],
      ["cerebras", "llama-3.3-70b", "meta"],
      ["openrouter", "meta-llama/llama-3.3-70b-instruct", "meta"],
      ["openrouter", "mistralai/mixtral-8x7b", "mistral"],
      ["ollama", "qwen2.5:7b", "qwen"],
      ["openrouter", "deepseek/deepseek-v4-pro", "deepseek"],
      ["perplexity", "sonar-pro", "perplexity"],
      ["openai", "ft:custom-thing", "openai"],
      ["openai-compatible", "my-house-model", "model:mine"],
    ];
    for (const [provider, modelId, family] of cases) {
      assert.equal(familyOf(entry("mine", provider, modelId)).id, family, `${provider} ${modelId}`);
    }
  });

  it("weighs agreement by family: two of one family agreeing count for less than two families", () => {
    const gpt = entry("gpt", "openai", "gpt-6-sol");
    const mini = entry("gpt-mini", "openai", "gpt-6-luna");
    const claude = entry("claude", "anthropic", "claude-opus-5-5");
    const grok = entry("grok", "xai", "grok-4.6");
    const groups = (entries: ModelEntry[]) =>
      groupByFamily(
        entries.map((one) => one.name),
        new Map(entries.map((one) => [one.name, familyOf(one)])),
      );
    const kin = familyAgreement(
      [
        { answer: "yes", models: ["gpt", "gpt-mini"] },
        { answer: "no", models: ["claude"] },
      ],
      groups([gpt, mini, claude]),
    );
    const strangers = familyAgreement(
      [
        { answer: "yes", models: ["gpt", "claude"] },
        { answer: "no", models: ["grok"] },
      ],
      groups([gpt, claude, grok]),
    );
    assert.equal(kin?.score, 0.5, "one OpenAI voice against one Anthropic voice");
    assert.equal(strangers?.score, 0.667, "two families of three");
    assert.ok((kin?.score ?? 1) < (strangers?.score ?? 0));
    assert.deepEqual(kin?.families, [
      { family: "OpenAI GPT", models: ["gpt", "gpt-mini"] },
      { family: "Anthropic Claude", models: ["claude"] },
    ]);
  });

  it("tells the synthesis each model's family and returns the family-weighted agreement", async () => {
    const entries = [
      entry("gpt", "openai", "gpt-6-sol"),
      entry("gpt-mini", "openai", "gpt-6-luna"),
      entry("claude", "anthropic", "claude-opus-5-5"),
    ].map((one) => ({ ...one, inputPricePerMillion: 1, outputPricePerMillion: 2 }));
    const { models, application } = consultationFixture(entries);
    models.script(
      "gpt-6-sol",
      { text: "Yes." },
      {
        object: {
          synthesis: "Yes, mostly.",
          agreement: { score: 0.67, reason: "two of three say yes" },
          consensus: [],
          dissent: [{ point: "no", models: ["claude"] }],
          verdict: null,
          positions: [
            { answer: "yes", models: ["gpt", "1. gpt-mini"] },
            { answer: "no", models: ["claude"] },
          ],
        },
      },
    );
    const result = await application.secondOpinion(
      localCaller,
      { question: "Ship it?", primaryModel: "gpt", secondaryModels: ["gpt-mini", "claude"] },
      { signal },
    );
    assertMatchesSchema("secondOpinion", result);
    const prompt = JSON.stringify(models.callsOf("gpt-6-sol")[1]?.prompt);
    assert.match(prompt, /### 2\. gpt-mini \(gpt-mini\), family: OpenAI GPT/);
    assert.match(prompt, /### 3\. claude \(claude\), family: Anthropic Claude/);
    assert.match(prompt, /count a family as one voice/);
    assert.equal(result.synthesis?.assessment?.agreement.score, 0.67);
    assert.deepEqual(result.synthesis?.assessment?.familyAgreement, {
      score: 0.5,
      answer: "yes",
      families: [
        { family: "OpenAI GPT", models: ["gpt", "gpt-mini"] },
        { family: "Anthropic Claude", models: ["claude"] },
      ],
    });
  });
});
