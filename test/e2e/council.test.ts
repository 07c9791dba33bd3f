// The council modes end to end, over HTTP with the official clients and the provider simulator:
// reviewers that rank, fail or return malformed rankings, aggregated correctly; stances and debate
// rounds visible in the prompts the providers received; the synthesis's assessment; answers streamed
// as progress; and a slow call hedged by a panel, the faster copy winning and the slow one aborted.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { streamTextKey } from "../../src/contract/progress-events.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { modelIds, secondOpinionOf } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { type ClientKind, connectClient, type TestClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

/** Which model's answer each reviewer prefers, best first (by the model id in the simulator's answers). */
const taste: string[] = [modelIds.grok, modelIds.gemini, modelIds.claude];

/** `model` answering as usual, and as a reviewer ranking the responses in its prompt by `taste`. */
const reviewer =
  (model: string) => (request: { lastUserText: string; system: string; structured: boolean }) => {
    if (!request.structured || !request.system.includes("You review answers")) {
      return `Answer from ${model}: ${request.lastUserText.slice(0, 40)}`;
    }
    const found = [...request.lastUserText.matchAll(/### Response ([A-Z])\n\nAnswer from ([\w.-]+)/g)].map(
      ([, label, model]) => ({ label: label as string, model: model as string }),
    );
    found.sort((a, b) => taste.indexOf(a.model) - taste.indexOf(b.model));
    return JSON.stringify({
      ranking: found.map((place) => ({ response: place.label, reason: `${place.model} is right` })),
    });
  };

describe("council modes end to end", () => {
  let simulator: ProviderSimulator;
  let server: InProcessServer;
  const clients: TestClient[] = [];
  const connect = async (kind: ClientKind = "v2-modern") => {
    const client = await connectClient(kind, { transport: "http", url: server.url });
    clients.push(client);
    return client;
  };
  const three = {
    question: "Should we ship on Friday?",
    primaryModel: "claude",
    secondaryModels: ["gemini", "grok"],
  };

  before(async () => {
    simulator = await startProviderSimulator();
    const prepared = await serverEnvironment(simulator.url, { maxRetries: 0 });
    const config = join(prepared.directory, "council.json");
    writeFileSync(
      config,
      JSON.stringify({
        defaults: { maxRetries: 0, modelDeadlineMs: 20_000 },
        panels: { hedged: { models: ["claude"], maxOpinions: 0, hedge: { after: 300 } } },
      }),
    );
    server = await startHttpServerInProcess({ ...prepared.environment, AI_UNIVERSE_CONFIG: config });
  });
  after(async () => {
    for (const client of clients) await client.close().catch(() => {});
    await server?.stop();
    await simulator?.close();
  });

  it("reviews anonymously: rankings aggregate by Borda count, a malformed reviewer is an error entry", async () => {
    simulator.reset();
    for (const model of [modelIds.claude, modelIds.gemini])
      simulator.setBehaviour(model, { text: reviewer(model) });
    simulator.setBehaviour(modelIds.grok, {
      text: (request) =>
        request.system.includes("You review answers")
          ? "Response A, clearly."
          : reviewer(modelIds.grok)(request),
    });
    for (const kind of ["v2-modern", "v1-2025-11-25"] as const) {
      const result = secondOpinionOf(
        await (await connect(kind)).callTool("agent.second_opinion", { ...three, review: true }),
      );
      assert.deepEqual(
        result.review?.ranking.map((place) => [place.model, place.points, place.meanRank]),
        [
          ["grok", 2, 1],
          ["claude", 0, 2],
          ["gemini", 0, 2],
        ],
      );
      const failed = result.review?.reviews.find((review) => review.reviewer === "grok");
      assert.match(failed?.error ?? "", /did not return the structured answer/);
    }
    const reviews = simulator.requests.filter(
      (request) => request.structured && JSON.stringify(request.body).includes("You review answers"),
    );
    assert.equal(reviews.length, 12, "three reviewers, in two orders each, for two clients");
    for (const review of reviews) {
      assert.doesNotMatch(
        JSON.stringify(review.body),
        new RegExp(`Answer from ${review.model}`),
        "no own answer",
      );
    }
  });

  it("tells each model its stance and runs debate rounds, as the providers' requests show", async () => {
    simulator.reset();
    const result = secondOpinionOf(
      await (await connect()).callTool("agent.second_opinion", {
        ...three,
        stances: { grok: "against", gemini: "for" },
        rounds: 2,
      }),
    );
    assert.equal(result.rounds?.length, 2);
    assert.deepEqual(result.stances, { grok: "against", gemini: "for" });
    const bodyOf = (model: string, index: number) =>
      JSON.stringify(simulator.requests.filter((request) => request.model === model)[index]?.body);
    assert.match(bodyOf(modelIds.grok, 0), /argue AGAINST the proposal/);
    assert.match(bodyOf(modelIds.gemini, 0), /argue FOR the proposal/);
    assert.match(bodyOf(modelIds.grok, 1), /Your previous answer/);
    assert.match(bodyOf(modelIds.grok, 1), /Response B/);
    assert.match(bodyOf(modelIds.grok, 1), /argue AGAINST the proposal/);
    const synthesis = simulator.requests.filter((request) => request.model === modelIds.claude).at(-1);
    assert.match(JSON.stringify(synthesis?.body), /## Debate/);
    assert.match(JSON.stringify(synthesis?.body), /## Stances/);
  });

  it("returns a valid structured assessment beside the synthesis", async () => {
    simulator.reset();
    const result = secondOpinionOf(await (await connect()).callTool("agent.second_opinion", three));
    const assessment = result.synthesis?.assessment;
    assert.ok(assessment, result.synthesis?.assessmentError);
    assert.ok(assessment.agreement.score >= 0 && assessment.agreement.score <= 1);
    assert.ok(Array.isArray(assessment.consensus) && Array.isArray(assessment.dissent));
    const synthesisRequest = simulator.requests.at(-1);
    assert.equal(synthesisRequest?.structured, true);
  });

  it("streams the answers into progress when the client asks for their text, and only then", async () => {
    // A progress token alone: each model's start and finish, every answer asked for whole.
    simulator.reset();
    const plain: string[] = [];
    const whole = secondOpinionOf(
      await (await connect()).callTool("agent.second_opinion", three, {
        onprogress: (progress) => plain.push(progress.message ?? ""),
      }),
    );
    assert.ok(
      simulator.requests.every((request) => !request.stream),
      "no provider call streamed",
    );
    assert.ok(
      plain.some((message) => /answered in/.test(message)),
      plain.join("\n"),
    );
    assert.ok(!plain.some((message) => /writing/.test(message)), plain.join("\n"));
    assert.ok(whole.synthesis && !whole.synthesis.error);

    // Asked for the text as it forms (streamTextKey): every call streams into the progress.
    simulator.reset();
    const messages: string[] = [];
    const result = secondOpinionOf(
      await (await connect()).callTool("agent.second_opinion", three, {
        onprogress: (progress) => messages.push(progress.message ?? ""),
        meta: { [streamTextKey]: true },
      }),
    );
    assert.ok(
      simulator.requests.every((request) => request.stream),
      "every provider call streamed",
    );
    assert.ok(
      messages.some((message) => /writing/.test(message)),
      messages.join("\n"),
    );
    assert.ok(result.synthesis && !result.synthesis.error);
  });

  it("hedges a slow call: the backup answers first and the slow request is aborted, both paid for", async () => {
    simulator.reset();
    simulator.setBehaviour(modelIds.claude, { latencyMs: 10_000, slowTimes: 1 });
    const result = secondOpinionOf(
      await (await connect()).callTool("agent.second_opinion", { question: "Quick?", panel: "hedged" }),
    );
    assert.deepEqual(result.primary.hedge, {
      afterMs: 300,
      backup: "claude",
      won: "backup",
      abortedRequest: "original",
    });
    const calls = simulator.requests.filter((request) => request.model === modelIds.claude);
    assert.equal(calls.length, 2);
    // The slow request never finished its answer: the answer came without waiting for it.
    await simulator.waitForRequests(
      (requests) => requests.filter((request) => request.model === modelIds.claude)[0]?.aborted === true,
    );
    const single = (result.primary.inputTokens ?? 0) + (result.primary.outputTokens ?? 0);
    assert.ok((result.primary.tokensUsed ?? 0) > single, "the aborted request's input is counted too");
  });
});
