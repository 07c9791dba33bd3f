// Orchestration of agent.second_opinion with fake models: parallelism, failures, synthesis fallback,
// persistence, and the seed schema on every result.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { APICallError } from "ai";
import { localCaller } from "../../src/application/caller.ts";
import type { ConsultationEvent } from "../../src/contract/progress-events.ts";
import type { ServiceError } from "../../src/contract/service-error.ts";
import { localOwner } from "../../src/store/store.ts";
import { consultationFixture, deferred, fakeEntries } from "../support/consultation-fixture.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";

const signal = new AbortController().signal;

function serverError(status: number, message: string, headers: Record<string, string> = {}) {
  return new APICallError({
    message,
    url: "https://provider.example/v1",
    requestBodyValues: {},
    statusCode: status,
    responseHeaders: headers,
    isRetryable: status === 429 || status >= 500,
  });
}

describe("second opinion use case", () => {
  it("says when every answer came from one model family, and only then", async () => {
    const claudes = fakeEntries.slice(0, 3).map((entry, index) => ({
      ...entry,
      provider: "anthropic" as const,
      modelId: `claude-${index}`,
    }));
    const oneFamily = consultationFixture(claudes);
    const same = await oneFamily.application.secondOpinion(localCaller, { question: "Safe?" }, { signal });
    assert.equal(same.summary.singleFamily, "Anthropic Claude");
    assertMatchesSchema("secondOpinion", same);
    // One of them failing leaves two of the family: still one family.
    oneFamily.models.script("claude-2", { error: serverError(400, "bad") });
    const two = await oneFamily.application.secondOpinion(localCaller, { question: "Again?" }, { signal });
    assert.equal(two.summary.singleFamily, "Anthropic Claude");
    const mixed = [claudes[0], { ...claudes[1], provider: "openai" as const, modelId: "gpt-5" }];
    const { application } = consultationFixture(mixed as typeof claudes);
    const result = await application.secondOpinion(localCaller, { question: "Safe?" }, { signal });
    assert.equal(result.summary.singleFamily, undefined);
  });

  it("asks the primary and three secondaries, synthesises, and stores the turn", async () => {
    const { models, application, store } = consultationFixture();
    models.script("beta-1", {
      text: "beta says yes",
      sources: [{ url: "https://example.org/a", title: "A" }],
    });
    models.script("gamma-1", { text: "gamma says no", sources: [{ url: "https://example.org/a/" }] });
    const result = await application.secondOpinion(
      localCaller,
      { question: "Is it safe?" },
      {
        signal,
      },
    );

    assertMatchesSchema("secondOpinion", result);
    assert.equal(result.primary.model, "alpha");
    assert.deepEqual(
      result.secondaryOpinions.map((opinion) => opinion.model),
      ["beta", "gamma", "delta"],
    );
    assert.ok(result.synthesis && !result.synthesis.error);
    assert.equal(result.synthesis.model, "alpha");
    assert.deepEqual(result.synthesis.sources, [{ title: "A", url: "https://example.org/a" }]);
    const synthesisPrompt = JSON.stringify(models.callsOf("alpha-1")[1]?.prompt);
    for (const text of ["beta says yes", "gamma says no", "### 2. beta (Model beta)"]) {
      assert.ok(synthesisPrompt.includes(text), `synthesis prompt lacks ${text}`);
    }
    assert.equal(result.primary.tokensUsed, 150);
    assert.equal(result.primary.cost, (100 * 1 + 50 * 2) / 1e6);
    assert.equal(result.summary.totalModels, 4);
    assert.equal(result.summary.totalTokens, 150 * 5);
    assert.ok(result.persistenceStatus.userMessageSaved && result.persistenceStatus.assistantMessageSaved);
    assert.equal(result.conversationCreated, true);
    assert.equal(result.conversationTitle, "Is it safe?");

    const page = await store.conversations.of(localOwner).readMessages(result.conversationId, { limit: 10 });
    assert.deepEqual(
      page.messages.map((message) => [message.role, message.sequence]),
      [
        ["user", 1],
        ["assistant", 2],
      ],
    );
    assert.equal(page.messages[1]?.content, result.synthesis.response);
    assert.deepEqual(page.messages[1]?.metadata, result.assistantMessage?.metadata);
  });

  it("runs every model at once: all four are started before any answers", async () => {
    const { models, application } = consultationFixture();
    const gate = deferred();
    for (const id of ["alpha-1", "beta-1", "gamma-1", "delta-1"]) models.script(id, { gate: gate.promise });
    const running = application.secondOpinion(
      localCaller,
      { question: "q", synthesisModel: "epsilon" },
      { signal },
    );
    while (models.calls.length < 4) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(models.calls.filter((call) => call.finishedAt !== undefined).length, 0);
    gate.resolve();
    const result = await running;
    assert.equal(result.synthesis?.model, "epsilon");
  });

  it("gives each secondary only the question, never another model's answer", async () => {
    const { models, application } = consultationFixture();
    models.script("alpha-1", { text: "PRIMARY-ANSWER" });
    await application.secondOpinion(localCaller, { question: "What now?" }, { signal });
    for (const id of ["beta-1", "gamma-1", "delta-1"]) {
      const prompt = JSON.stringify(models.callsOf(id)[0]?.prompt);
      assert.ok(prompt.includes("What now?"));
      assert.ok(!prompt.includes("PRIMARY-ANSWER"), `${id} saw the primary's answer`);
    }
  });

  it("keeps going when the primary fails and synthesises from the secondaries", async () => {
    const { models, application } = consultationFixture();
    const failure = { error: serverError(500, "upstream exploded") };
    models.script("alpha-1", failure, failure, { text: "synthesis by alpha" });
    const result = await application.secondOpinion(localCaller, { question: "q" }, { signal });
    assertMatchesSchema("secondOpinion", result);
    assert.equal(result.primary.error, true);
    assert.match(result.primary.response, /Model alpha .*after 2 attempts: HTTP 500: upstream exploded/);
    assert.equal(result.summary.failedModels, 1);
    assert.deepEqual(result.synthesis?.basedOn, ["beta", "gamma", "delta"]);
  });

  it("retries a 429 honouring Retry-After, then succeeds", async () => {
    const { models, application } = consultationFixture();
    models.script(
      "beta-1",
      { error: serverError(429, "slow down", { "retry-after": "0" }) },
      { text: "ok now" },
    );
    const result = await application.secondOpinion(localCaller, { question: "q" }, { signal });
    const beta = result.secondaryOpinions.find((opinion) => opinion.model === "beta");
    assert.equal(beta?.response, "ok now");
    assert.equal(beta?.attempts, 2);
  });

  it("does not retry a 400 and scrubs keys from the message", async () => {
    const { models, application } = consultationFixture();
    models.script("gamma-1", { error: serverError(400, "bad key sk-secret-key-123 rejected") });
    const result = await application.secondOpinion(localCaller, { question: "q" }, { signal });
    const gamma = result.secondaryOpinions.find((opinion) => opinion.model === "gamma");
    assert.equal(gamma?.error, true);
    assert.equal(gamma?.attempts, 1);
    assert.ok(!gamma?.response.includes("sk-secret-key-123"));
    assert.match(gamma?.response ?? "", /\[redacted\]/);
  });

  it("lets another model write the synthesis when the synthesis model fails", async () => {
    const { models, application } = consultationFixture();
    models.script("epsilon-1", { error: serverError(503, "overloaded") });
    const result = await application.secondOpinion(
      localCaller,
      { question: "q", synthesisModel: "epsilon" },
      {
        signal,
      },
    );
    assertMatchesSchema("secondOpinion", result);
    assert.equal(result.synthesis?.error, undefined);
    assert.equal(result.synthesis?.model, "alpha");
    assert.equal(result.synthesis?.fallbackFrom?.[0]?.model, "epsilon");
  });

  it("fails the whole call only when every model fails, saying what each answered", async () => {
    const { models, application, store } = consultationFixture();
    for (const id of ["alpha-1", "beta-1", "gamma-1", "delta-1"])
      models.script(id, { error: serverError(401, `no key for ${id}`) });
    await assert.rejects(
      application.secondOpinion(localCaller, { question: "q" }, { signal }),
      (error: ServiceError) => {
        assert.equal(error.code, "all_models_failed");
        for (const id of ["alpha-1", "beta-1", "gamma-1", "delta-1"])
          assert.ok(error.message.includes(`no key for ${id}`));
        return true;
      },
    );
    assert.equal((await store.conversations.of(localOwner).list({ limit: 10 })).conversations.length, 0);
  });

  it("with maxOpinions 0 asks only the primary and returns synthesis null", async () => {
    const { models, application, store } = consultationFixture();
    const result = await application.secondOpinion(
      localCaller,
      { question: "q", maxOpinions: 0 },
      {
        signal,
      },
    );
    assertMatchesSchema("secondOpinion", result);
    assert.equal(result.synthesis, null);
    assert.deepEqual(result.secondaryOpinions, []);
    assert.equal(models.calls.length, 1);
    const page = await store.conversations.of(localOwner).readMessages(result.conversationId, { limit: 10 });
    assert.equal(page.messages[1]?.content, "answer of alpha-1");
    assertMatchesSchema(
      "history",
      await application.getHistory(localCaller, { conversationId: result.conversationId }),
    );
  });

  it("refuses an unknown model before calling any provider", async () => {
    const { models, application } = consultationFixture();
    await assert.rejects(
      application.secondOpinion(localCaller, { question: "q", secondaryModels: ["nope"] }, { signal }),
      (error: ServiceError) => error.code === "unknown_model" && /alpha, beta/.test(error.message),
    );
    assert.equal(models.calls.length, 0);
  });

  it("leaves out usage and cost a provider did not report", async () => {
    const { models, application } = consultationFixture();
    models.script("beta-1", { usage: null });
    const result = await application.secondOpinion(localCaller, { question: "q" }, { signal });
    const beta = result.secondaryOpinions.find((opinion) => opinion.model === "beta");
    assert.equal(beta?.tokensUsed, undefined);
    assert.equal(beta?.cost, undefined);
    assert.deepEqual(result.summary.unreportedUsage, ["beta"]);
    assert.equal(result.summary.totalTokens, 150 * 4);
  });

  it("aborts every running call when the caller cancels", async () => {
    const { models, application } = consultationFixture();
    const never = new Promise<void>(() => {});
    for (const id of ["alpha-1", "beta-1", "gamma-1", "delta-1"]) models.script(id, { gate: never });
    const controller = new AbortController();
    const running = application.secondOpinion(
      localCaller,
      { question: "q" },
      {
        signal: controller.signal,
      },
    );
    while (models.calls.length < 4) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await assert.rejects(running, (error: ServiceError) => error.code === "cancelled");
    assert.ok(models.calls.every((call) => call.signal?.aborted));
  });

  it("still returns the answer when storing fails, saying why", async () => {
    const { application, store } = consultationFixture();
    await store.close();
    const result = await application.secondOpinion(localCaller, { question: "q" }, { signal });
    assertMatchesSchema("secondOpinion", result);
    assert.equal(result.persistenceStatus.userMessageSaved, false);
    assert.match(result.persistenceStatus.error ?? "", /not saved/);
    assert.ok(result.synthesis?.response);
  });

  it("reports progress as each model starts and finishes and around the synthesis", async () => {
    const { application } = consultationFixture();
    const events: ConsultationEvent[] = [];
    await application.secondOpinion(
      localCaller,
      { question: "q", maxOpinions: 1 },
      {
        signal,
        onEvent: (event) => events.push(event),
      },
    );
    assert.deepEqual(events.map((event) => event.type).sort(), [
      "consultation-started",
      "model-finished",
      "model-finished",
      "model-started",
      "model-started",
      "synthesis-finished",
      "synthesis-started",
    ]);
  });

  it("continues a conversation with the earlier turns as context, and refuses others' conversations", async () => {
    const { models, application } = consultationFixture();
    models.script("alpha-1", { text: "FIRST-ANSWER" });
    const first = await application.secondOpinion(
      { userId: "ann", tier: "admin" },
      { question: "FIRST-QUESTION", maxOpinions: 0 },
      { signal },
    );
    const second = await application.secondOpinion(
      { userId: "ann", tier: "admin" },
      { question: "follow-up", maxOpinions: 1, conversationId: first.conversationId },
      { signal },
    );
    assert.equal(second.conversationCreated, false);
    const betaPrompt = JSON.stringify(models.callsOf("beta-1")[0]?.prompt);
    assert.ok(betaPrompt.includes("FIRST-QUESTION") && betaPrompt.includes("FIRST-ANSWER"));
    assert.equal(second.assistantMessage?.sequence, 4);
    await assert.rejects(
      application.secondOpinion(
        { userId: "bob", tier: "admin" },
        { question: "x", conversationId: first.conversationId },
        {
          signal,
        },
      ),
      (error: ServiceError) => error.code === "conversation_not_found",
    );
    await assert.rejects(
      application.secondOpinion(
        { userId: "ann", tier: "admin" },
        { question: "x", conversationId: "not-a-uuid" },
        {
          signal,
        },
      ),
      (error: ServiceError) => error.code === "invalid_argument" && /malformed/.test(error.message),
    );
  });

  it("gives the synthesis of a follow-up the conversation so far", async () => {
    const { models, application } = consultationFixture();
    models.script("alpha-1", { text: "WEB-ANSWER" }, { text: "MOBILE-ANSWER" }, { text: "SYNTHESIS" });
    const first = await application.secondOpinion(
      localCaller,
      { question: "Which framework for a web app?", maxOpinions: 0 },
      { signal },
    );
    await application.secondOpinion(
      localCaller,
      { question: "And for a mobile app?", maxOpinions: 1, conversationId: first.conversationId },
      { signal },
    );
    const synthesisPrompt = JSON.stringify(models.callsOf("alpha-1").at(-1)?.prompt);
    assert.ok(synthesisPrompt.includes("## Opinions"), "the last alpha call is the synthesis");
    assert.ok(
      synthesisPrompt.includes("Which framework for a web app?"),
      "the synthesis saw the first question",
    );
    assert.ok(synthesisPrompt.includes("WEB-ANSWER"), "the synthesis saw the first answer");
  });

  it("stamps the question when it was asked and the answer when it was complete", async () => {
    const { models, application } = consultationFixture();
    const gate = deferred();
    for (const id of ["alpha-1", "beta-1"]) models.script(id, { gate: gate.promise });
    const running = application.secondOpinion(localCaller, { question: "q", maxOpinions: 1 }, { signal });
    while (models.calls.length < 2) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const whileAsking = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    gate.resolve();
    const result = await running;
    const [question, answer] = (
      await application.getHistory(localCaller, { conversationId: result.conversationId })
    ).history.messages;
    assert.ok((question?.createdAt ?? "") < whileAsking, `question stamped ${question?.createdAt}`);
    assert.ok((answer?.createdAt ?? "") > whileAsking, `answer stamped ${answer?.createdAt}`);
  });

  it("refuses bad input with invalid_argument naming each field, before any provider call", async () => {
    const { models, application } = consultationFixture();
    await assert.rejects(
      application.secondOpinion(localCaller, { question: "x".repeat(60_001), maxOpinions: 9 }, { signal }),
      (error: ServiceError) =>
        error.code === "invalid_argument" &&
        /question: /.test(error.message) &&
        /maxOpinions: /.test(error.message),
    );
    await assert.rejects(
      application.secondOpinion(localCaller, { question: "q", userId: "mallory" }, { signal }),
      (error: ServiceError) => error.code === "invalid_argument" && /userId/.test(error.message),
    );
    await assert.rejects(
      application.secondOpinion(localCaller, undefined, { signal }),
      (error: ServiceError) => error.code === "invalid_argument" && /question/.test(error.message),
    );
    assert.equal(models.calls.length, 0);
  });

  it("reports each retry with the attempt, the wait and the reason", async () => {
    const { models, application } = consultationFixture();
    models.script("beta-1", { error: serverError(503, "busy", { "retry-after": "0" }) }, { text: "ok" });
    const events: ConsultationEvent[] = [];
    await application.secondOpinion(
      localCaller,
      { question: "q", maxOpinions: 1 },
      {
        signal,
        onEvent: (event) => events.push(event),
      },
    );
    const retry = events.find((event) => event.type === "model-retrying");
    assert.ok(retry && retry.type === "model-retrying");
    assert.equal(retry.model, "beta");
    assert.equal(retry.attempt, 1);
    assert.match(retry.reason, /HTTP 503: busy/);
  });
});
