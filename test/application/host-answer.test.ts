// The calling agent's own answer (`hostAnswer`) in agent.second_opinion, with fake models: one more
// opinion of the council, reviewed anonymously and never a reviewer, seen by the debaters without
// being revised, counted in the family-weighted agreement, given to the synthesis, marked as the
// host's at no cost, and kept in the stored turn. A bad hostAnswer is refused before any call.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { localCaller } from "../../src/application/caller.ts";
import { limits } from "../../src/contract/limits.ts";
import type { ModelOpinion } from "../../src/contract/opinions.ts";
import { consultationFixture } from "../support/consultation-fixture.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";

const signal = new AbortController().signal;
const three = { question: "Which colour?", primaryModel: "alpha", secondaryModels: ["beta", "gamma"] };
const hostAnswer = { text: "Answer Purple, from the agent that asked", model: "claude-opus-4-5" };

/** A reviewer that ranks the responses it finds in its prompt in the order they appear. */
function rankInOrder(prompt: string) {
  const labels = [...prompt.matchAll(/### Response ([A-Z])/g)].map(([, label]) => label as string);
  return { ranking: labels.map((label) => ({ response: label, reason: "fine" })) };
}

/** The synthesis's structured answer: the host and alpha hold purple, beta and gamma one colour each. */
const assessed = {
  synthesis: "**Answer**: purple",
  agreement: { score: 0.5, reason: "two of four say purple" },
  consensus: [],
  dissent: [],
  verdict: null,
  positions: [
    { answer: "purple", models: ["host", "alpha"] },
    { answer: "green", models: ["beta"] },
    { answer: "blue", models: ["gamma"] },
  ],
};

/** The host's opinion among `opinions`. */
const hostOf = (opinions: readonly ModelOpinion[]) => opinions.find((opinion) => opinion.host);

describe("the calling agent's own answer", () => {
  it("is reviewed anonymously, never reviews, counts in the agreement, costs nothing and is stored", async () => {
    const { models, application } = consultationFixture();
    for (const model of ["alpha", "beta", "gamma"]) {
      models.script(
        `${model}-1`,
        { text: `${model} says` },
        { object: rankInOrder },
        { object: rankInOrder },
        { object: assessed },
      );
    }
    const result = await application.secondOpinion(
      localCaller,
      { ...three, review: true, hostAnswer },
      { signal },
    );
    assertMatchesSchema("secondOpinion", result);
    // Every reviewer ranked it among the others, in both presentations, without a name to go by.
    for (const model of ["alpha", "beta", "gamma"]) {
      for (const call of models.callsOf(`${model}-1`).slice(1, 3)) {
        const prompt = JSON.stringify(call.prompt);
        assert.match(prompt, /Answer Purple, from the agent that asked/);
        assert.doesNotMatch(prompt, /\bhost\b|claude-opus|calling agent/i);
      }
    }
    assert.deepEqual(result.review?.reviews.map((review) => review.reviewer).sort(), [
      "alpha",
      "beta",
      "gamma",
    ]);
    assert.equal(result.review?.ranking.find((place) => place.model === "host")?.reviews, 3);
    // No provider was asked for it: three opinions, three reviewers' two rankings, one synthesis.
    assert.equal(models.calls.length, 3 + 6 + 1);
    const synthesisPrompt = JSON.stringify(models.callsOf("alpha-1")[3]?.prompt);
    assert.match(synthesisPrompt, /host \(The calling agent \(claude-opus-4-5\)\)[^#]*Answer Purple/);
    // Four voices of four families: purple holds two of them, which it could not without the host's.
    const agreement = result.synthesis?.assessment?.familyAgreement;
    assert.deepEqual(
      { score: agreement?.score, answer: agreement?.answer },
      { score: 0.5, answer: "purple" },
    );
    assert.ok(agreement?.families.some((family) => family.family === "Anthropic Claude"));
    assert.deepEqual(result.synthesis?.basedOn, ["alpha", "beta", "gamma", "host"]);
    const host = result.secondaryOpinions.at(-1);
    assert.deepEqual(
      { ...host, response: undefined },
      {
        model: "host",
        modelId: "claude-opus-4-5",
        modelDisplayName: "The calling agent (claude-opus-4-5)",
        response: undefined,
        tokensUsed: 0,
        inputTokens: 0,
        outputTokens: 0,
        latencyMs: 0,
        cost: 0,
        citations: [],
        host: true,
      },
    );
    assert.deepEqual(
      { total: result.summary.totalModels, answered: result.summary.successfulModels },
      { total: 4, answered: 4 },
    );
    const stored = (await application.getHistory(localCaller, { conversationId: result.conversationId }))
      .history.messages[1]?.metadata.secondOpinion;
    assert.equal(hostOf(stored?.secondaryOpinions ?? [])?.response, hostAnswer.text);
  });

  it("is shown to the debaters and kept as given in every round", async () => {
    const { models, application } = consultationFixture();
    for (const model of ["alpha", "beta"]) {
      models.script(
        `${model}-1`,
        { text: `${model} says` },
        { object: { answer: `${model} again`, changedPosition: false, why: "still right" } },
        { text: "the synthesis" },
      );
    }
    const result = await application.secondOpinion(
      localCaller,
      { question: "Which colour?", primaryModel: "alpha", secondaryModels: ["beta"], rounds: 2, hostAnswer },
      { signal },
    );
    assertMatchesSchema("secondOpinion", result);
    const revision = JSON.stringify(models.callsOf("beta-1")[1]?.prompt);
    assert.match(revision, /The other answers.*Response [AB]\\n\\nAnswer Purple/);
    assert.doesNotMatch(revision, /\bhost\b|claude-opus/i);
    assert.deepEqual(
      result.rounds?.map((round) => hostOf(round.opinions)?.response),
      [hostAnswer.text, hostAnswer.text],
    );
    assert.deepEqual(result.rounds?.[1]?.changes?.map((change) => change.model).sort(), ["alpha", "beta"]);
  });

  it("is no answer when every model failed", async () => {
    const { models, application } = consultationFixture();
    const down = Object.assign(new Error("down"), { name: "AI_APICallError" });
    for (const model of ["alpha", "beta", "gamma", "delta", "epsilon"])
      models.script(`${model}-1`, { error: down });
    await assert.rejects(application.secondOpinion(localCaller, { ...three, hostAnswer }, { signal }), {
      code: "all_models_failed",
    });
  });

  it("is refused, before any call, when empty or longer than a question may be", async () => {
    const { models, application } = consultationFixture();
    await assert.rejects(
      application.secondOpinion(localCaller, { ...three, hostAnswer: { text: "  " } }, { signal }),
      {
        code: "invalid_argument",
        message: /hostAnswer\.text: your own answer is empty; write it there, or leave hostAnswer out/,
      },
    );
    const long = { text: "x".repeat(limits.questionCharacters + 1) };
    await assert.rejects(application.secondOpinion(localCaller, { ...three, hostAnswer: long }, { signal }), {
      code: "invalid_argument",
      message: new RegExp(
        `hostAnswer\\.text: longer than ${limits.questionCharacters} characters; shorten it`,
      ),
    });
    assert.equal(models.calls.length, 0);
  });
});
