// The calling agent's own answer (`hostAnswer`) end to end, over HTTP with the SDK v1 client on a 2025
// revision and the v2 client on the newest, against the provider simulator: the reviewers' requests
// carry its text but never say whose it is, the family-weighted agreement counts it as a voice, and
// the result (checked against the seed schema) and its text block mark it as the host's, at no cost.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { AnswerRequest } from "../simulator/behaviour.ts";
import { errorTextOf, modelIds, secondOpinionOf, useEndToEnd } from "./support/e2e-fixture.ts";
import { connectClient } from "./support/mcp-clients.ts";

const hostAnswer = { text: "Ship on Monday: Friday deploys strand the on-call.", model: "gpt-6-terra" };
const question = {
  question: "Should we ship on Friday?",
  primaryModel: "claude",
  secondaryModels: ["gemini", "grok"],
  review: true,
};

/**
 * A model answering as the simulator does, ranking the responses of a review in the order shown, and
 * writing a synthesis whose positions put the host with claude (four families, four voices).
 */
function councillor(model: string) {
  return (request: AnswerRequest): string => {
    if (request.system.includes("You review answers")) {
      const labels = [...request.lastUserText.matchAll(/### Response ([A-Z])/g)].map(([, label]) => label);
      return JSON.stringify({ ranking: labels.map((label) => ({ response: label, reason: "sound" })) });
    }
    if (request.system.includes("You write the synthesis")) {
      return JSON.stringify({
        synthesis: "**Answer**: ship on Monday",
        agreement: { score: 0.5, reason: "two of four say Monday" },
        consensus: [],
        dissent: [],
        verdict: null,
        positions: [
          { answer: "Monday", models: ["host", "claude"] },
          { answer: "Friday", models: ["gemini"] },
          { answer: "Tuesday", models: ["grok"] },
        ],
      });
    }
    return `Answer from ${model}: ${request.lastUserText.slice(0, 40)}`;
  };
}

describe("the calling agent's own answer end to end", () => {
  const context = useEndToEnd({ maxRetries: 0 });

  for (const kind of ["v2-modern", "v1-2025-11-25"] as const) {
    it(`joins the council anonymously, counts in the agreement and is marked the host's (${kind})`, async () => {
      const { simulator, server } = context;
      simulator.reset();
      for (const model of [modelIds.claude, modelIds.gemini, modelIds.grok]) {
        simulator.setBehaviour(model, { text: councillor(model) });
      }
      const client = await connectClient(kind, { transport: "http", url: server.url });
      try {
        const called = await client.callTool("agent.second_opinion", { ...question, hostAnswer });
        const result = secondOpinionOf(called);
        const reviews = simulator.requests.filter((request) =>
          JSON.stringify(request.body).includes("You review answers"),
        );
        assert.equal(reviews.length, 6, "three reviewers, two orders each; the host is no reviewer");
        for (const review of reviews) {
          const body = JSON.stringify(review.body);
          assert.ok(body.includes(hostAnswer.text), "every reviewer ranks the host's answer");
          assert.doesNotMatch(body, /\bhost\b|gpt-6-terra|calling agent/i, "and is not told whose it is");
        }
        const synthesis = JSON.stringify(simulator.requests.at(-1)?.body);
        assert.ok(synthesis.includes(hostAnswer.text), "the synthesis reads it");
        assert.equal(simulator.requests.length, 3 + 6 + 1, "no provider call for the host's answer");
        assert.ok(result.review?.ranking.some((place) => place.model === "host" && place.reviews === 3));
        const agreement = result.synthesis?.assessment?.familyAgreement;
        assert.deepEqual(
          { score: agreement?.score, answer: agreement?.answer },
          { score: 0.5, answer: "Monday" },
        );
        assert.deepEqual(
          agreement?.families.find((family) => family.models.includes("host")),
          { family: "OpenAI GPT", models: ["host"] },
        );
        const host = result.secondaryOpinions.find((opinion) => opinion.host);
        assert.deepEqual(
          [host?.model, host?.modelId, host?.response, host?.cost, host?.tokensUsed, host?.latencyMs],
          ["host", "gpt-6-terra", hostAnswer.text, 0, 0, 0],
        );
        assert.equal(result.summary.totalModels, 4);
        const text = called.content.map((block) => block.text ?? "").join("\n");
        assert.match(text, /- host \(The calling agent \(gpt-6-terra\)\): your own answer \(hostAnswer\)/);
      } finally {
        await client.close();
      }
    });
  }

  it("refuses an empty hostAnswer, saying what to do, before asking any model", async () => {
    context.simulator.reset();
    const refused = await context.client.callTool("agent.second_opinion", {
      ...question,
      hostAnswer: { text: " " },
    });
    assert.match(errorTextOf(refused), /hostAnswer\.text: your own answer is empty/);
    assert.equal(context.simulator.requests.length, 0);
  });
});
