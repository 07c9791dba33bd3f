// Honest degradation: who of the panel is missing and why, a verdict withheld when half the panel or a
// whole family is missing, and names the synthesis model invents in votes, dissent and positions
// dropped and counted (Markdown stripped, any case); then the same through the application, with a
// model failing and the synthesis naming a model that was never asked.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { APICallError } from "ai";
import { localCaller } from "../../src/application/caller.ts";
import { degradationOf, honestAssessment } from "../../src/consultation/council/degradation.ts";
import type { ModelFamily } from "../../src/consultation/council/model-families.ts";
import { participantName } from "../../src/consultation/council/participant-names.ts";
import type { Assessment, ModelOpinion } from "../../src/contract/opinions.ts";
import { consultationFixture } from "../support/consultation-fixture.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";

const openai: ModelFamily = { id: "openai", name: "OpenAI GPT", known: true };
const google: ModelFamily = { id: "google", name: "Google Gemini", known: true };

/** An opinion of `model`; failed with `status` when given, or timed out. */
function opinion(model: string, failure?: number | "timeout"): ModelOpinion {
  const response =
    failure === "timeout"
      ? `Model ${model} [${model}: openai/${model}] did not answer within its deadline of 60 s.`
      : failure
        ? `Model ${model} failed: HTTP ${failure}: down`
        : `answer of ${model}`;
  return {
    model,
    modelId: `${model}-1`,
    modelDisplayName: `Model ${model.toUpperCase()}`,
    response,
    latencyMs: 1,
    citations: [],
    ...(failure ? { error: true } : {}),
    ...(typeof failure === "number" ? { errorStatus: failure } : {}),
  };
}

const goVerdict: Assessment = {
  agreement: { score: 0.9, reason: "all agree" },
  consensus: ["ship it"],
  dissent: [{ point: "wait a day", models: ["**Beta**", "Claude Opus"] }],
  verdict: {
    decision: "go",
    reason: "tests pass",
    votes: [
      { model: "**alpha**", vote: "go" },
      { model: "`BETA`", vote: "go" },
      { model: "1. Model ALPHA", vote: "go" },
      { model: "grok-9", vote: "block" },
    ],
  },
  positions: [{ answer: "ship", models: ["Alpha (Model ALPHA)", "beta", "gpt-7"] }],
};

describe("who is missing from a panel", () => {
  it("names nobody when every model answered", () => {
    assert.equal(degradationOf([opinion("alpha"), opinion("beta")], [], new Map()), undefined);
  });

  it("withholds the verdict when half the panel is missing, saying who and why", () => {
    const families = new Map([
      ["alpha", openai],
      ["beta", openai],
      ["gamma", google],
      ["delta", google],
    ]);
    const degraded = degradationOf(
      [opinion("alpha", 500), opinion("beta"), opinion("gamma", "timeout")],
      ["delta"],
      families,
    );
    assert.deepEqual(degraded?.missing, [
      { model: "alpha", why: "failed", errorStatus: 500 },
      { model: "gamma", why: "timed-out" },
      { model: "delta", why: "late" },
    ]);
    assert.equal(degraded?.panelSize, 4);
    assert.deepEqual(degraded?.lostFamilies, ["Google Gemini"]);
    assert.equal(degraded?.verdictWithheld, true);
    assert.match(degraded?.note ?? "", /3 of 4 models missing: alpha failed \(HTTP 500\), gamma timed out/);
  });

  it("withholds the verdict when every model of one family is missing, though most answered", () => {
    const families = new Map([
      ["alpha", openai],
      ["beta", openai],
      ["gamma", openai],
      ["delta", google],
      ["epsilon", google],
    ]);
    const opinions = ["alpha", "beta", "gamma"].map((model) => opinion(model));
    const lost = degradationOf([...opinions, opinion("delta", 429), opinion("epsilon", 503)], [], families);
    assert.deepEqual(lost?.lostFamilies, ["Google Gemini"]);
    assert.equal(lost?.verdictWithheld, true);
    const kept = degradationOf([...opinions, opinion("delta", 429), opinion("epsilon")], [], families);
    assert.deepEqual(kept?.lostFamilies, []);
    assert.equal(kept?.verdictWithheld, false, "one of five missing, its family still heard");
  });
});

describe("an honest assessment", () => {
  const participants = [opinion("alpha"), opinion("beta")];

  it("matches names without their Markdown, in any case, and drops and counts invented ones", () => {
    const honest = honestAssessment(goVerdict, participants, undefined);
    assert.deepEqual(honest.verdict?.votes, [
      { model: "alpha", vote: "go" },
      { model: "beta", vote: "go" },
    ]);
    assert.deepEqual(honest.dissent[0]?.models, ["beta"]);
    assert.deepEqual(honest.positions?.[0]?.models, ["alpha", "beta"]);
    assert.equal(honest.droppedNames, 3, "grok-9, Claude Opus and gpt-7 were never asked");
    assert.equal(honest.verdict?.decision, "go");
    assert.equal(honest.degraded, undefined);
    assert.equal(participantName("[beta](https://example.com):", participants), "beta");
    assert.equal(participantName("__Model Beta__", participants), "beta");
  });

  it("turns a go from a panel that lost half its models into unsure, keeping what it decided", () => {
    const degraded = degradationOf([...participants, opinion("gamma", 500)], ["delta"], new Map());
    const honest = honestAssessment(goVerdict, participants, degraded);
    assert.equal(honest.verdict?.decision, "unsure");
    assert.equal(honest.verdict?.degradedFrom, "go");
    assert.equal(Object.keys(honest)[0], "degraded", "said first");
    assert.equal(honest.degraded?.verdictWithheld, true);
  });
});

describe("degradation through the application", () => {
  it("tells the synthesis who failed, says so first and drops a vote for a model never asked", async () => {
    const { models, application } = consultationFixture();
    const down = new APICallError({
      message: "overloaded",
      url: "https://provider.example/v1",
      requestBodyValues: {},
      statusCode: 500,
      isRetryable: false,
    });
    models.script("gamma-1", { error: down });
    models.script("beta-1", { text: "Go: the change is safe." });
    models.script(
      "alpha-1",
      { text: "Go: tests cover it." },
      { object: { synthesis: "**Answer**: go.", ...goVerdict } },
    );
    const result = await application.secondOpinion(
      localCaller,
      {
        question: "Can this change merge?",
        primaryModel: "alpha",
        secondaryModels: ["beta", "gamma"],
        synthesisModel: "alpha",
      },
      { signal: new AbortController().signal },
    );
    assertMatchesSchema("secondOpinion", result);
    const assessment = result.synthesis?.assessment;
    assert.deepEqual(assessment?.degraded?.missing, [{ model: "gamma", why: "failed", errorStatus: 500 }]);
    assert.equal(assessment?.verdict?.decision, "unsure", "every xAI model is missing");
    assert.equal(assessment?.verdict?.degradedFrom, "go");
    assert.deepEqual(
      assessment?.verdict?.votes.map((vote) => vote.model),
      ["alpha", "beta"],
    );
    assert.equal(assessment?.droppedNames, 3);
    const prompt = JSON.stringify(models.callsOf("alpha-1").at(-1)?.prompt);
    assert.match(prompt, /Not heard from[\s\S]*gamma failed \(HTTP 500\)/);
  });
});
