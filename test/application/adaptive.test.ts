// Adaptive consultation with fake models: the two cheapest models of different families answer first;
// when their synthesis agrees (or on a multiple-choice question they state the same letter) nobody else
// is asked; when not, the rest of the panel is asked, the first two are not asked again, and everyone is
// synthesised; a panel of one family is asked at once, saying why; and the daily-budget reservation
// still counts every model that may be asked.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createApplication } from "../../src/application/application.ts";
import { localCaller } from "../../src/application/caller.ts";
import { createAdmission } from "../../src/application/limits/admission.ts";
import type { ConsultationEvent } from "../../src/contract/progress-events.ts";
import type { ServiceError } from "../../src/contract/service-error.ts";
import type { ModelEntry } from "../../src/providers/model-entry.ts";
import { consultationFixture } from "../support/consultation-fixture.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";

const signal = new AbortController().signal;

/** A model of `provider` and `modelId` at `price` USD per million input tokens (twice that for output). */
function entry(name: string, provider: ModelEntry["provider"], modelId: string, price: number): ModelEntry {
  return {
    name,
    provider,
    modelId,
    displayName: `Model ${name}`,
    inputPricePerMillion: price,
    outputPricePerMillion: 2 * price,
    contextWindow: 100_000,
    webSearch: false,
  };
}

/**
 * Five models: the dear primary writes the synthesis; beta is the cheapest, gamma next but of beta's
 * family (Google), so the first two are beta and delta (Anthropic).
 */
const panel = [
  entry("alpha", "openai", "gpt-big", 10),
  entry("beta", "google", "gemini-flash-x", 0.1),
  entry("gamma", "google", "gemini-lite-x", 0.2),
  entry("delta", "anthropic", "claude-small-x", 0.5),
  entry("epsilon", "xai", "grok-x", 3),
];
const everyone = { primaryModel: "alpha", secondaryModels: ["beta", "gamma", "delta", "epsilon"] };

/** The synthesis model's structured answer with agreement `score`. */
function synthesisAnswer(score: number, text = "the synthesis") {
  return {
    object: {
      synthesis: text,
      agreement: { score, reason: score >= 0.8 ? "both say the same" : "they differ on the cause" },
      consensus: [],
      dissent: [],
      verdict: null,
      positions: [],
    },
  };
}

/** The fixture over {@link panel}, each model answering its own name. */
function adaptiveFixture(entries: ModelEntry[] = panel) {
  const fixture = consultationFixture(entries);
  for (const one of entries) fixture.models.script(one.modelId, { text: `${one.name} answers` });
  const callsOf = (name: string) =>
    fixture.models.callsOf(entries.find((one) => one.name === name)?.modelId ?? "").length;
  return { ...fixture, callsOf };
}

/** Asks everyone adaptively why the sky is blue; the result, checked against the seed schema, and the progress. */
async function askAdaptively(application: ReturnType<typeof adaptiveFixture>["application"]) {
  const events: ConsultationEvent[] = [];
  const result = await application.secondOpinion(
    localCaller,
    { question: "Why is the sky blue?", ...everyone, strategy: "adaptive" },
    { signal, onEvent: (event) => events.push(event) },
  );
  assertMatchesSchema("secondOpinion", result);
  return { result, events };
}

describe("adaptive consultation", () => {
  it("answers from the two cheapest models of different families when their synthesis agrees", async () => {
    const { models, application, callsOf } = adaptiveFixture();
    models.script("gpt-big", synthesisAnswer(0.9));
    const { result, events } = await askAdaptively(application);
    assert.deepEqual(result.adaptive, {
      path: "cheap",
      reason: "beta and delta agree: agreement 0.9 is at or above 0.8 (both say the same)",
      agreement: 0.9,
      threshold: 0.8,
      firstModels: ["beta", "delta"],
    });
    assert.deepEqual(
      ["alpha", "beta", "gamma", "delta", "epsilon"].map((name) => [name, callsOf(name)]),
      [
        ["alpha", 1],
        ["beta", 1],
        ["gamma", 0],
        ["delta", 1],
        ["epsilon", 0],
      ],
      "two opinions and the synthesis (by alpha), nobody else",
    );
    assert.equal(models.calls.length, 3);
    assert.deepEqual(
      [result.primary, ...result.secondaryOpinions].map((opinion) => opinion.model),
      ["beta", "delta"],
    );
    assert.equal(result.synthesis?.response, "the synthesis");
    assert.deepEqual(result.synthesis?.basedOn, ["beta", "delta"]);
    assert.equal(result.summary.totalModels, 2);
    assert.equal(result.summary.totalTokens, 150 * 3);
    assert.ok(!events.some((event) => event.type === "adaptive-escalated"));
    assert.deepEqual(
      events.find((event) => event.type === "consultation-started"),
      {
        type: "consultation-started",
        models: ["beta", "delta"],
        synthesis: true,
      },
    );
  });

  it("asks the rest of the panel when the first two disagree, without asking those two again", async () => {
    const { models, application, callsOf } = adaptiveFixture();
    models.script(
      "gpt-big",
      synthesisAnswer(0.3),
      { text: "alpha answers" },
      synthesisAnswer(0.6, "everyone's"),
    );
    const { result, events } = await askAdaptively(application);
    assert.equal(result.adaptive?.path, "escalated");
    assert.equal(result.adaptive?.agreement, 0.3);
    assert.match(result.adaptive?.reason ?? "", /beta and delta disagree: agreement 0\.3 is below 0\.8/);
    assert.deepEqual(result.adaptive?.firstModels, ["beta", "delta"]);
    for (const name of ["beta", "gamma", "delta", "epsilon"]) assert.equal(callsOf(name), 1, name);
    assert.equal(callsOf("alpha"), 3, "the first synthesis, its opinion, everyone's synthesis");
    assert.deepEqual(
      [result.primary, ...result.secondaryOpinions].map((opinion) => [opinion.model, opinion.response]),
      [
        ["alpha", "alpha answers"],
        ["beta", "beta answers"],
        ["gamma", "gamma answers"],
        ["delta", "delta answers"],
        ["epsilon", "epsilon answers"],
      ],
    );
    assert.equal(result.synthesis?.response, "everyone's");
    assert.equal(result.synthesis?.basedOn.length, 5);
    assert.equal(result.summary.totalTokens, 150 * 7, "five opinions and both syntheses");
    const escalation = events.find((event) => event.type === "adaptive-escalated");
    assert.deepEqual(escalation && { ...escalation, reason: "" }, {
      type: "adaptive-escalated",
      models: ["alpha", "gamma", "epsilon"],
      agreement: 0.3,
      reason: "",
    });
    const started = events.filter((event) => event.type === "model-started").map((event) => event.model);
    assert.deepEqual(started.slice(0, 2), ["beta", "delta"]);
    assert.deepEqual(started.slice(2).sort(), ["alpha", "epsilon", "gamma"]);
  });

  it("settles a multiple-choice question by the letters the first two state", async () => {
    /** The first two answering `beta` and `delta`, their synthesis scoring `score`. */
    const ask = async (beta: string, delta: string, score: number) => {
      const fixture = adaptiveFixture();
      fixture.models.script("gemini-flash-x", { text: beta });
      fixture.models.script("claude-small-x", { text: delta });
      fixture.models.script("gpt-big", synthesisAnswer(score));
      const question = "Which gas is most of the air?\nA) Oxygen\nB) Nitrogen\nC) Argon";
      const input = { question, ...everyone, strategy: "adaptive" };
      const result = await fixture.application.secondOpinion(localCaller, input, { signal });
      return { adaptive: result.adaptive, gammaCalls: fixture.callsOf("gamma") };
    };
    const same = await ask("Mostly nitrogen.\nAnswer: B", "**Answer: (B)**", 0.4);
    assert.equal(same.adaptive?.path, "cheap");
    assert.equal(same.adaptive?.reason, "beta and delta both chose B");
    assert.equal(same.gammaCalls, 0);
    const different = await ask("Answer: B", "Answer: A", 0.95);
    assert.equal(different.adaptive?.path, "escalated");
    assert.equal(different.adaptive?.reason, "beta chose B, delta chose A");
    assert.equal(different.gammaCalls, 1);
  });

  it("takes its threshold from the call", async () => {
    const { models, application, callsOf } = adaptiveFixture();
    models.script("gpt-big", synthesisAnswer(0.7));
    const result = await application.secondOpinion(
      localCaller,
      { question: "Why?", ...everyone, strategy: "adaptive", adaptiveAgreement: 0.6 },
      { signal },
    );
    assert.equal(result.adaptive?.path, "cheap");
    assert.equal(result.adaptive?.threshold, 0.6);
    assert.equal(callsOf("epsilon"), 0);
  });

  it("asks the whole panel at once, saying why, when its models are of one family", async () => {
    const openai = [
      entry("big", "openai", "gpt-6-sol", 5),
      entry("mini", "openai", "gpt-6-luna", 0.5),
      entry("oss", "cerebras", "gpt-oss-120b", 0.1),
    ];
    const { application, callsOf } = adaptiveFixture(openai);
    const result = await application.secondOpinion(
      localCaller,
      { question: "Why?", primaryModel: "big", secondaryModels: ["mini", "oss"], strategy: "adaptive" },
      { signal },
    );
    assertMatchesSchema("secondOpinion", result);
    assert.deepEqual(result.adaptive, {
      path: "full",
      reason:
        "every model asked is of one family (OpenAI GPT), so no two of different vendors could check each other: all were asked at once",
      threshold: 0.8,
      firstModels: [],
    });
    assert.deepEqual(["big", "mini", "oss"].map(callsOf), [2, 1, 1], "every opinion once, and one synthesis");
  });

  it("asks the whole panel at once when a review is asked, and runs in full without strategy", async () => {
    const { application, callsOf } = adaptiveFixture();
    const reviewed = await application.secondOpinion(
      localCaller,
      { question: "Why?", ...everyone, strategy: "adaptive", review: true },
      { signal },
    );
    assert.equal(reviewed.adaptive?.path, "full");
    assert.match(reviewed.adaptive?.reason ?? "", /review and debate rounds need every model's answer/);
    assert.equal(callsOf("gamma"), 3, "an opinion and two review calls");
    const plain = await application.secondOpinion(localCaller, { question: "Why?", ...everyone }, { signal });
    assert.equal(plain.adaptive, undefined);
  });

  it("reserves, under a daily budget, what every model and both syntheses may cost", async () => {
    const { services, store, models } = adaptiveFixture();
    const tier = {
      requestsPerHour: null,
      requestsPerDay: null,
      dailyBudgetUsd: 1e-9,
      unpricedModels: "allow",
    };
    const application = createApplication(services, {
      cursorKey: "test-cursor-key",
      admission: createAdmission(store, { budgeted: tier as never }, () => new Date()),
    });
    const estimate = async (input: Record<string, unknown>) => {
      try {
        await application.secondOpinion({ userId: "bea", tier: "budgeted" }, input, { signal });
      } catch (error) {
        assert.equal((error as ServiceError).code, "budget_exhausted");
        return (error as ServiceError).details?.estimatedCostUsd as number;
      }
      throw new Error("the call fitted a budget of a billionth of a dollar");
    };
    const question = { question: "Why is the sky blue?", ...everyone };
    const full = await estimate(question);
    const adaptive = await estimate({ ...question, strategy: "adaptive" });
    const firstTwoOnly = await estimate({ ...question, primaryModel: "beta", secondaryModels: ["delta"] });
    assert.ok(adaptive > full, `adaptive ${adaptive} holds every model and two syntheses, more than ${full}`);
    assert.ok(full > firstTwoOnly);
    assert.equal(models.calls.length, 0);
  });
});
