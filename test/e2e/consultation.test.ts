// agent.second_opinion end to end: the real server, the official client, the provider simulator
// speaking each vendor's wire protocol. Every result is checked against the seed schema.

import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import { errorTextOf, modelIds, secondOpinionOf, useEndToEnd } from "./support/e2e-fixture.ts";

describe("agent.second_opinion end to end", () => {
  // Short, for the hung models below, but long enough for an answering one on a loaded machine.
  const context = useEndToEnd({ modelDeadlineMs: 5000 });
  beforeEach(() => context.simulator.reset());

  const ask = (args: Record<string, unknown>, options = {}) =>
    context.client.callTool("agent.second_opinion", args, options);

  it("asks four vendors at once and synthesises, with tokens, latency, cost and citations", async () => {
    context.simulator.setBehaviour(modelIds.perplexity, {
      citations: [
        { url: "https://example.org/paper", title: "The paper" },
        { url: "https://example.org/blog", title: "A blog" },
      ],
    });
    const progress: number[] = [];
    const result = secondOpinionOf(
      await ask(
        {
          question: "Should we adopt Rust for the parser?",
          primaryModel: "claude",
          secondaryModels: ["gemini", "perplexity", "grok"],
          synthesisModel: "openai",
        },
        { onprogress: (update: { progress: number }) => progress.push(update.progress) },
      ),
    );
    assert.equal(result.primary.model, "claude");
    assert.deepEqual(
      result.secondaryOpinions.map((opinion) => opinion.model),
      ["gemini", "perplexity", "grok"],
    );
    for (const opinion of [result.primary, ...result.secondaryOpinions]) {
      assert.equal(opinion.error, undefined, opinion.response);
      assert.match(opinion.response, /^Answer from /);
      assert.ok((opinion.tokensUsed ?? 0) > 0 && (opinion.cost ?? 0) > 0 && opinion.latencyMs >= 0);
    }
    const perplexity = result.secondaryOpinions.find((opinion) => opinion.model === "perplexity");
    assert.deepEqual(
      perplexity?.citations.map((citation) => citation.url),
      ["https://example.org/paper", "https://example.org/blog"],
    );
    assert.equal(result.synthesis?.model, "openai");
    assert.deepEqual(
      result.synthesis?.sources.map((source) => source.url),
      ["https://example.org/paper", "https://example.org/blog"],
    );
    const synthesisRequest = context.simulator.requests.find((request) => request.model === modelIds.openai);
    assert.ok(JSON.stringify(synthesisRequest?.body).includes("https://example.org/paper"));
    assert.equal(result.summary.totalModels, 4);
    assert.ok((result.summary.totalCost ?? 0) > 0);
    assert.ok(progress.length >= 9, `only ${progress.length} progress notifications`);
    assert.deepEqual(
      progress,
      [...progress].sort((a, b) => a - b),
    );
  });

  it("turns a 500, a timeout and a malformed body into error opinions and retries a 429", async () => {
    context.simulator.setBehaviour(modelIds.gemini, { status: 500, errorMessage: "gemini backend down" });
    context.simulator.setBehaviour(modelIds.grok, {
      status: 429,
      errorMessage: "slow down",
      retryAfterSeconds: 0.05,
      failTimes: 1,
    });
    context.simulator.setBehaviour(modelIds.openai, { hang: true });
    context.simulator.setBehaviour(modelIds.claude, { malformed: true });
    const result = secondOpinionOf(
      await ask({
        question: "q",
        primaryModel: "cerebras",
        secondaryModels: ["gemini", "grok", "openai", "claude"],
      }),
    );
    const byModel = Object.fromEntries(result.secondaryOpinions.map((opinion) => [opinion.model, opinion]));
    assert.match(byModel.gemini?.response ?? "", /HTTP 500: gemini backend down/);
    assert.equal(byModel.gemini?.error, true);
    assert.equal(byModel.grok?.error, undefined);
    assert.equal(byModel.grok?.attempts, 2);
    assert.match(byModel.openai?.response ?? "", /did not answer within its deadline of 5 s/);
    assert.match(byModel.claude?.response ?? "", /malformed response/);
    assert.equal(result.summary.failedModels, 3);
    assert.deepEqual(result.synthesis?.basedOn, ["cerebras", "grok"]);
    assert.equal(result.synthesis?.model, "cerebras");
    for (const opinion of result.secondaryOpinions)
      assert.ok(!opinion.response.includes("test-"), "a key leaked");
  });

  it("synthesises from the secondaries when the primary fails", async () => {
    context.simulator.setBehaviour(modelIds.cerebras, { status: 401, errorMessage: "invalid api key" });
    const result = secondOpinionOf(await ask({ question: "q", synthesisModel: "gemini" }));
    assert.equal(result.primary.error, true);
    assert.match(result.primary.response, /HTTP 401: invalid api key \(check the provider's API key\)/);
    assert.equal(result.synthesis?.error, undefined);
    assert.equal(result.synthesis?.basedOn.includes("cerebras"), false);
  });

  it("lets another model write the synthesis when the synthesis model fails", async () => {
    context.simulator.setBehaviour(modelIds.openai, {
      status: 400,
      errorMessage: "context too long",
      failTimes: 1,
    });
    const result = secondOpinionOf(
      await ask({
        question: "q",
        primaryModel: "gemini",
        secondaryModels: ["grok"],
        synthesisModel: "openai",
      }),
    );
    assert.equal(result.synthesis?.model, "gemini");
    assert.equal(result.synthesis?.fallbackFrom?.[0]?.model, "openai");
    assert.match(result.synthesis?.fallbackFrom?.[0]?.error ?? "", /context too long/);
  });

  it("fails the call when every model fails, naming each cause", async () => {
    context.simulator.setDefaultBehaviour({ status: 503, errorMessage: "everyone is down" });
    const text = errorTextOf(await ask({ question: "q", maxOpinions: 2 }));
    assert.match(text, /^all_models_failed: Every model failed/);
    assert.equal(text.match(/HTTP 503: .*everyone is down/g)?.length, 3);
  });

  it("with maxOpinions 0 asks only the primary and returns synthesis null", async () => {
    const result = secondOpinionOf(await ask({ question: "only you", maxOpinions: 0 }));
    assert.equal(result.synthesis, null);
    assert.equal(result.metadata, undefined);
    assert.equal(context.simulator.requests.length, 1);
  });

  it("refuses an unknown model before any provider is called", async () => {
    const text = errorTextOf(await ask({ question: "q", secondaryModels: ["gpt-17"] }));
    assert.match(
      text,
      /^unknown_model: Unknown model "gpt-17"\. Available models: cerebras, grok, openai, claude/,
    );
    const malformed = errorTextOf(await ask({ question: "q", conversationId: "42" }));
    assert.match(malformed, /conversationId "42" is malformed/);
    assert.equal(context.simulator.requests.length, 0);
  });

  it("stops every provider request when the client cancels", async () => {
    context.simulator.setDefaultBehaviour({ hang: true });
    const controller = new AbortController();
    const call = ask({ question: "cancel me", maxOpinions: 2 }, { signal: controller.signal });
    await context.simulator.waitForRequests((requests) => requests.length === 3);
    controller.abort();
    await assert.rejects(call);
    await context.simulator.waitForRequests((requests) => requests.every((request) => request.aborted));
  });
});
