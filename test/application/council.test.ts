// The council modes of agent.second_opinion with fake models: the review (anonymised, shuffled,
// aggregated by Borda count, a bad reviewer an error entry), stances, debate rounds, the structured
// assessment of the synthesis (and its plain-text fallback), and answers streamed as progress. Every
// result still matches the seed schema.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { APICallError } from "ai";
import { localCaller } from "../../src/application/caller.ts";
import { bordaCount } from "../../src/consultation/council/review-aggregate.ts";
import type { ConsultationEvent } from "../../src/contract/progress-events.ts";
import type { ServiceError } from "../../src/contract/service-error.ts";
import { consultationFixture } from "../support/consultation-fixture.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";

const signal = new AbortController().signal;
const colours: Record<string, string> = { alpha: "Answer Red", beta: "Answer Green", gamma: "Answer Blue" };
const taste = ["Answer Green", "Answer Red", "Answer Blue"];

/** A reviewer that ranks the responses it finds in its prompt by `taste`, whatever their labels. */
function rankByTaste(prompt: string) {
  const found = [...prompt.matchAll(/### Response ([A-Z])\\n\\n(Answer \w+)/g)].map(([, label, text]) => ({
    label: label as string,
    text: text as string,
  }));
  found.sort((a, b) => taste.indexOf(a.text) - taste.indexOf(b.text));
  return { ranking: found.map((place) => ({ response: place.label, reason: `${place.text} is good` })) };
}

/** Three models answering their colour; the first call of each is its opinion. */
function councilFixture() {
  const fixture = consultationFixture();
  const three = { question: "Which colour?", primaryModel: "alpha", secondaryModels: ["beta", "gamma"] };
  return { ...fixture, three };
}

describe("council review", () => {
  it("has every model rank the others anonymously, aggregates by Borda count, and tells the synthesis", async () => {
    const { models, application, three } = councilFixture();
    for (const model of ["alpha", "beta", "gamma"]) {
      models.script(
        `${model}-1`,
        { text: colours[model] },
        { object: rankByTaste },
        { object: rankByTaste },
        { text: "the synthesis" },
      );
    }
    const result = await application.secondOpinion(localCaller, { ...three, review: true }, { signal });
    assertMatchesSchema("secondOpinion", result);
    assert.deepEqual(result.review?.ranking, [
      { model: "beta", points: 2, meanRank: 1, reviews: 2 },
      { model: "alpha", points: 1, meanRank: 1.5, reviews: 2 },
      { model: "gamma", points: 0, meanRank: 2, reviews: 2 },
    ]);
    const alphaReview = result.review?.reviews.find((review) => review.reviewer === "alpha");
    assert.deepEqual(
      alphaReview?.ranking.map((place) => place.model),
      ["beta", "gamma"],
    );
    assert.equal(alphaReview?.ranking[0]?.reason, "Answer Green is good");
    const reviewPrompt = JSON.stringify(models.callsOf("alpha-1")[1]?.prompt);
    assert.ok(!reviewPrompt.includes("Answer Red"), "a reviewer does not see its own answer");
    assert.ok(!/alpha|beta|gamma/.test(reviewPrompt), "nor any author");
    assert.equal(models.callsOf("alpha-1")[1]?.structured, true);
    assert.equal(alphaReview?.consistency, 1, "a reviewer ranking by content ranks alike in both orders");
    const synthesisPrompt = JSON.stringify(models.callsOf("alpha-1")[3]?.prompt);
    assert.match(synthesisPrompt, /## Council review/);
    assert.match(synthesisPrompt, /1\. beta \(2 points, mean rank 1\)/);
    assert.match(synthesisPrompt, /alpha on beta: Answer Green is good/);
    assert.equal(
      result.summary.totalTokens,
      150 * 10,
      "three opinions, three reviews in two orders, one synthesis",
    );
  });

  it("shuffles the responses anew for each reviewer", async () => {
    const orders = new Set<string>();
    for (let run = 0; run < 12 && orders.size < 2; run += 1) {
      const { models, application, three } = councilFixture();
      for (const model of ["alpha", "beta", "gamma", "delta"]) {
        models.script(`${model}-1`, { text: colours[model] ?? "Answer Black" }, { object: rankByTaste });
      }
      await application.secondOpinion(
        localCaller,
        { ...three, secondaryModels: ["beta", "gamma", "delta"], review: true },
        { signal },
      );
      const prompt = JSON.stringify(models.callsOf("delta-1")[1]?.prompt);
      orders.add([...prompt.matchAll(/(Answer \w+)/g)].map((match) => match[1]).join(","));
    }
    assert.ok(orders.size > 1, "the order of the responses changed between reviews");
  });

  it("makes a reviewer that fails or ranks badly an error entry, and aggregates the others", async () => {
    const { models, application, three } = councilFixture();
    models.script("alpha-1", { text: colours.alpha }, { raw: "I think Response A is best" }, { text: "s" });
    models.script(
      "beta-1",
      { text: colours.beta },
      { object: { ranking: [{ response: "A", reason: "only one" }] } },
    );
    models.script("gamma-1", { text: colours.gamma }, { object: rankByTaste });
    const result = await application.secondOpinion(localCaller, { ...three, review: true }, { signal });
    assertMatchesSchema("secondOpinion", result);
    const byReviewer = Object.fromEntries(
      result.review?.reviews.map((review) => [review.reviewer, review]) ?? [],
    );
    assert.match(byReviewer.alpha?.error ?? "", /did not return the structured answer/);
    assert.match(byReviewer.beta?.error ?? "", /left out Response B/);
    assert.equal(byReviewer.gamma?.error, undefined);
    assert.deepEqual(
      result.review?.ranking.map((place) => place.model),
      ["beta", "alpha"],
    );
  });

  it("makes a reviewer whose provider fails an error entry naming the cause", async () => {
    const { models, application, three } = councilFixture();
    const refused = new APICallError({
      message: "overloaded",
      url: "https://provider.example/v1",
      requestBodyValues: {},
      statusCode: 400,
      isRetryable: false,
    });
    models.script("alpha-1", { text: colours.alpha }, { error: refused }, { text: "s" });
    models.script("beta-1", { text: colours.beta }, { object: rankByTaste });
    models.script("gamma-1", { text: colours.gamma }, { object: rankByTaste });
    const result = await application.secondOpinion(localCaller, { ...three, review: true }, { signal });
    assertMatchesSchema("secondOpinion", result);
    const failed = result.review?.reviews.find((review) => review.reviewer === "alpha");
    assert.match(failed?.error ?? "", /Model alpha .*HTTP 400: overloaded/);
    assert.equal(result.review?.ranking[0]?.model, "beta");
  });

  it("counts Borda points and mean ranks over whole rankings only", () => {
    const call = { model: "x", modelId: "x", modelDisplayName: "x", latencyMs: 1 };
    const ranking = bordaCount([
      {
        reviewer: "a",
        ranking: [
          { model: "b", reason: "" },
          { model: "c", reason: "" },
          { model: "d", reason: "" },
        ],
        call,
      },
      {
        reviewer: "b",
        ranking: [
          { model: "c", reason: "" },
          { model: "a", reason: "" },
          { model: "d", reason: "" },
        ],
        call,
      },
      { reviewer: "c", ranking: [], call, error: "failed" },
    ]);
    assert.deepEqual(ranking, [
      { model: "c", points: 3, meanRank: 1.5, reviews: 2 },
      { model: "b", points: 2, meanRank: 1, reviews: 1 },
      { model: "a", points: 1, meanRank: 2, reviews: 1 },
      { model: "d", points: 0, meanRank: 3, reviews: 2 },
    ]);
  });
});

describe("stances and debate", () => {
  it("tells each model the side it argues, and refuses a stance for a model not asked", async () => {
    const { models, application, three } = councilFixture();
    const result = await application.secondOpinion(
      localCaller,
      { ...three, stances: { beta: "against", gamma: "for" } },
      { signal },
    );
    assertMatchesSchema("secondOpinion", result);
    assert.deepEqual(result.stances, { beta: "against", gamma: "for" });
    assert.match(JSON.stringify(models.callsOf("beta-1")[0]?.prompt), /argue AGAINST the proposal/);
    assert.match(JSON.stringify(models.callsOf("gamma-1")[0]?.prompt), /argue FOR the proposal/);
    assert.doesNotMatch(JSON.stringify(models.callsOf("alpha-1")[0]?.prompt), /argue (FOR|AGAINST)/);
    assert.match(JSON.stringify(models.callsOf("alpha-1")[1]?.prompt), /## Stances[^#]*beta: against/);
    await assert.rejects(
      application.secondOpinion(localCaller, { ...three, stances: { delta: "for" } }, { signal }),
      (error: ServiceError) =>
        error.code === "invalid_argument" && /delta, not in this consultation/.test(error.message),
    );
  });

  it("runs debate rounds on the others' anonymised answers, keeps each round, and tells the synthesis who moved", async () => {
    const { models, application, three } = councilFixture();
    models.script(
      "alpha-1",
      { text: colours.alpha },
      { object: { answer: "Green after all", changedPosition: true, why: "B was convincing" } },
      { text: "s" },
    );
    models.script(
      "beta-1",
      { text: colours.beta },
      { object: { answer: "Still green", changedPosition: false, why: "nothing new" } },
    );
    models.script("gamma-1", { text: colours.gamma }, { raw: "{broken" });
    const result = await application.secondOpinion(localCaller, { ...three, rounds: 2 }, { signal });
    assertMatchesSchema("secondOpinion", result);
    assert.equal(result.rounds?.length, 2);
    assert.deepEqual(
      result.rounds?.[0]?.opinions.map((opinion) => opinion.response),
      ["Answer Red", "Answer Green", "Answer Blue"],
    );
    assert.equal(result.primary.response, "Green after all");
    assert.equal(
      result.secondaryOpinions[1]?.response,
      "Answer Blue",
      "a failed revision keeps the last answer",
    );
    assert.deepEqual(
      result.rounds?.[1]?.changes?.map((change) => [change.model, change.changedPosition]),
      [
        ["alpha", true],
        ["beta", false],
        ["gamma", false],
      ],
    );
    const revision = JSON.stringify(models.callsOf("alpha-1")[1]?.prompt);
    assert.match(revision, /Your previous answer[^#]*Answer Red/);
    assert.match(revision, /Response A/);
    assert.ok(!/beta|gamma/.test(revision), "the other answers are anonymised");
    const synthesisPrompt = JSON.stringify(models.callsOf("alpha-1")[2]?.prompt);
    assert.match(synthesisPrompt, /round 2, alpha: changed its position \(B was convincing\)/);
    assert.equal(result.summary.totalTokens, 150 * 7, "three opinions, three revisions, one synthesis");
  });
});

describe("structured assessment", () => {
  it("returns the synthesis's assessment next to its text, with the verdict and the votes", async () => {
    const { models, application, three } = councilFixture();
    models.script(
      "alpha-1",
      { text: colours.alpha },
      {
        object: {
          synthesis: "**Answer**: go ahead",
          agreement: { score: 1.4, reason: "all agree" },
          consensus: ["it is safe"],
          dissent: [{ point: "timing", models: ["gamma"] }],
          positions: [
            { answer: "go", models: ["alpha", "beta"] },
            { answer: "unsure", models: ["gamma"] },
          ],
          verdict: {
            decision: "go",
            reason: "two of three say go",
            votes: [
              { model: "alpha", vote: "go" },
              { model: "beta", vote: "go" },
              { model: "gamma", vote: "unsure" },
            ],
          },
        },
      },
    );
    const result = await application.secondOpinion(localCaller, three, { signal });
    assertMatchesSchema("secondOpinion", result);
    assert.equal(result.synthesis?.response, "**Answer**: go ahead");
    assert.equal(result.synthesis?.assessment?.agreement.score, 1, "the score is kept within 0..1");
    assert.equal(result.synthesis?.assessment?.verdict?.decision, "go");
    assert.deepEqual(result.synthesis?.assessment?.dissent, [{ point: "timing", models: ["gamma"] }]);
    assert.equal(result.assistantMessage?.content, "**Answer**: go ahead");
  });

  it("writes a plain synthesis, saying why, when the structured one is malformed", async () => {
    const { models, application, three } = councilFixture();
    models.script("alpha-1", { text: colours.alpha }, { raw: "{not json" }, { text: "plain synthesis" });
    const result = await application.secondOpinion(localCaller, three, { signal });
    assertMatchesSchema("secondOpinion", result);
    assert.equal(result.synthesis?.response, "plain synthesis");
    assert.equal(result.synthesis?.assessment, undefined);
    assert.equal(
      result.synthesis?.assessmentError,
      "alpha's assessment was not in the structured form asked for (its answer was not valid JSON)",
    );
    assert.equal(result.synthesis?.tokensUsed, 300, "both synthesis calls are counted");
  });

  it("says which model's answer stands when no synthesis can be written", async () => {
    const { models, application, three } = councilFixture();
    const down = Object.assign(new Error("down"), { name: "AI_APICallError" });
    for (const model of ["alpha", "beta", "gamma"])
      models.script(`${model}-1`, { text: colours[model] }, { error: down });
    for (const model of ["delta", "epsilon"]) models.script(`${model}-1`, { error: down });
    const result = await application.secondOpinion(
      localCaller,
      { ...three, synthesisModel: "alpha" },
      { signal },
    );
    assertMatchesSchema("secondOpinion", result);
    assert.equal(result.synthesis?.error, true);
    assert.equal(result.synthesis?.fallbackAnswerFrom, "alpha");
    assert.match(result.synthesis?.response ?? "", /The answer kept is alpha's\./);
  });
});

describe("streaming", () => {
  it("streams every answer as model-text progress when asked, and the result is the same", async () => {
    const { models, application, three } = councilFixture();
    for (const model of ["alpha", "beta", "gamma"]) {
      models.script(
        `${model}-1`,
        { text: `${colours[model]} with several words to stream` },
        { text: "the synthesis text" },
      );
    }
    const events: ConsultationEvent[] = [];
    const result = await application.secondOpinion(localCaller, three, {
      signal,
      stream: true,
      onEvent: (event) => events.push(event),
    });
    assertMatchesSchema("secondOpinion", result);
    assert.ok(models.calls.every((call) => call.streamed));
    const textOf = (model: string, stage: string) =>
      events
        .flatMap((event) =>
          event.type === "model-text" && event.model === model && event.stage === stage ? [event.delta] : [],
        )
        .join("");
    assert.equal(textOf("beta", "opinion"), "Answer Green with several words to stream");
    assert.equal(result.secondaryOpinions[0]?.response, "Answer Green with several words to stream");
    assert.equal(textOf("alpha", "synthesis"), result.synthesis?.response);
  });
});
