// Failure scripting through the real AI SDK providers: error statuses, retries, hangs, latency and
// malformed bodies, each observed the way the product's code would observe it.

import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { APICallError, generateText, streamText } from "ai";
import { providerCaseNamed, providerCases } from "./provider-cases.ts";
import { type ProviderSimulator, startProviderSimulator } from "./provider-simulator.ts";

// Keeps the AI SDK from printing compatibility warnings about the simulated (unknown) model ids.
Object.assign(globalThis, { AI_SDK_LOG_WARNINGS: false });

const prompt = "Is the simulator realistic?";
const openaiCase = providerCaseNamed("openai (default model)");
const anthropicCase = providerCaseNamed("anthropic");
const googleCase = providerCaseNamed("google");

let simulator: ProviderSimulator;
before(async () => {
  simulator = await startProviderSimulator();
});
after(() => simulator.close());
beforeEach(() => simulator.reset());

/** Streams a whole answer and returns its text and the errors it reported. */
async function streamAll(
  options: Parameters<typeof streamText>[0],
): Promise<{ text: string; errors: unknown[] }> {
  const errors: unknown[] = [];
  const result = streamText({ ...options, onError: ({ error }) => errors.push(error) });
  let text = "";
  for await (const delta of result.textStream) text += delta;
  return { text, errors };
}

describe("error statuses", () => {
  for (const providerCase of providerCases) {
    test(`${providerCase.name}: a 503 surfaces as an APICallError with the provider's message`, async () => {
      const errorMessage = `Simulated outage of ${providerCase.modelId}`;
      simulator.setBehaviour(providerCase.modelId, { status: 503, errorMessage });
      await assert.rejects(
        generateText({ model: providerCase.createModel(simulator.url), prompt, maxRetries: 0 }),
        (error) => {
          assert.ok(APICallError.isInstance(error), `expected an APICallError, got ${String(error)}`);
          assert.equal(error.statusCode, 503);
          assert.ok(error.message.includes(errorMessage), `message was: ${error.message}`);
          assert.equal(error.isRetryable, true);
          return true;
        },
      );
    });
  }

  test("a 401 is not retryable and streamed calls report the error too", async () => {
    simulator.setBehaviour(anthropicCase.modelId, { status: 401, errorMessage: "invalid x-api-key" });
    const { errors } = await streamAll({
      model: anthropicCase.createModel(simulator.url),
      prompt,
      maxRetries: 3,
    });
    const [error] = errors;
    assert.ok(APICallError.isInstance(error));
    assert.equal(error.statusCode, 401);
    assert.equal(error.message, "invalid x-api-key");
    assert.equal(error.isRetryable, false);
    assert.equal(simulator.requests.length, 1, "a non-retryable error is not retried");
  });

  test("the raw error response carries Retry-After and the provider's body shape", async () => {
    simulator.setBehaviour("raw-model", { status: 429, errorMessage: "slow down", retryAfterSeconds: 7 });
    const response = await fetch(`${simulator.url}/openai/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "raw-model", messages: [{ role: "user", content: "hi" }] }),
    });
    assert.equal(response.status, 429);
    assert.equal(response.headers.get("retry-after"), "7");
    assert.deepEqual(await response.json(), {
      error: { message: "slow down", type: "requests", param: null, code: "rate_limit_exceeded" },
    });
  });
});

describe("retries", () => {
  test("Retry-After is honoured: the retry waits for it instead of the 2 s default backoff", async () => {
    simulator.setBehaviour(openaiCase.modelId, { status: 429, retryAfterSeconds: 0.05, failTimes: 1 });
    const result = await generateText({
      model: openaiCase.createModel(simulator.url),
      prompt,
      maxRetries: 1,
    });
    assert.equal(result.text, `Answer from ${openaiCase.modelId}: ${prompt}`);
    const [first, second] = simulator.requests;
    assert.equal(simulator.requests.length, 2);
    assert.ok(first?.finishedAt !== undefined && second !== undefined);
    const pause = second.startedAt - first.finishedAt;
    assert.ok(pause >= 45 && pause < 1500, `the client waited ${pause} ms`);
  });

  test("failTimes fails the first N requests, then the model answers", async () => {
    simulator.setBehaviour(googleCase.modelId, { status: 500, failTimes: 2, retryAfterSeconds: 0 });
    const model = googleCase.createModel(simulator.url);
    await assert.rejects(generateText({ model, prompt, maxRetries: 0 }), { statusCode: 500 });
    const result = await generateText({ model, prompt, maxRetries: 1 });
    assert.equal(result.text, `Answer from ${googleCase.modelId}: ${prompt}`);
    assert.equal(simulator.requests.length, 3);
  });

  test("failTimes applies per model and restarts when the behaviour is set again", async () => {
    simulator.setDefaultBehaviour({ status: 502, failTimes: 1 });
    const openai = openaiCase.createModel(simulator.url);
    const google = googleCase.createModel(simulator.url);
    await assert.rejects(generateText({ model: openai, prompt, maxRetries: 0 }), { statusCode: 502 });
    await assert.rejects(generateText({ model: google, prompt, maxRetries: 0 }), { statusCode: 502 });
    await generateText({ model: openai, prompt, maxRetries: 0 });
    simulator.setBehaviour(openaiCase.modelId, { status: 502, failTimes: 1 });
    await assert.rejects(generateText({ model: openai, prompt, maxRetries: 0 }), { statusCode: 502 });
  });
});

describe("hangs and latency", () => {
  test("a hanging request is aborted by the client's AbortSignal and logged as aborted", async () => {
    simulator.setBehaviour(anthropicCase.modelId, { hang: true });
    const controller = new AbortController();
    const call = generateText({
      model: anthropicCase.createModel(simulator.url),
      prompt,
      maxRetries: 0,
      abortSignal: controller.signal,
    });
    await simulator.waitForRequests((requests) => requests.length === 1);
    assert.equal(simulator.requests[0]?.finishedAt, undefined, "the request is still open");
    controller.abort();
    await assert.rejects(call);
    await simulator.waitForRequests((requests) => requests[0]?.aborted === true);
    assert.ok(simulator.requests[0]?.finishedAt !== undefined);
  });

  test("a hanging stream is aborted too", async () => {
    simulator.setBehaviour(googleCase.modelId, { hang: true });
    const controller = new AbortController();
    const streamed = streamAll({
      model: googleCase.createModel(simulator.url),
      prompt,
      maxRetries: 0,
      abortSignal: controller.signal,
    });
    await simulator.waitForRequests((requests) => requests.length === 1);
    controller.abort();
    await streamed.catch((error: unknown) => error);
    await simulator.waitForRequests((requests) => requests[0]?.aborted === true);
  });

  test("latencyMs delays the response, and a client that gives up meanwhile is logged as aborted", async () => {
    simulator.setBehaviour(openaiCase.modelId, { latencyMs: 60 });
    await generateText({ model: openaiCase.createModel(simulator.url), prompt, maxRetries: 0 });
    const [request] = simulator.requests;
    assert.ok(request?.finishedAt !== undefined && request.finishedAt - request.startedAt >= 59);
    assert.equal(request.aborted, false);

    simulator.reset();
    simulator.setBehaviour(openaiCase.modelId, { latencyMs: 10_000 });
    const controller = new AbortController();
    const call = generateText({
      model: openaiCase.createModel(simulator.url),
      prompt,
      maxRetries: 0,
      abortSignal: controller.signal,
    });
    await simulator.waitForRequests((requests) => requests.length === 1);
    controller.abort();
    await assert.rejects(call);
    await simulator.waitForRequests((requests) => requests[0]?.aborted === true);
  });

  test("close() destroys hanging sockets", async () => {
    const own = await startProviderSimulator();
    own.setDefaultBehaviour({ hang: true });
    const call = generateText({ model: openaiCase.createModel(own.url), prompt, maxRetries: 0 });
    await own.waitForRequests((requests) => requests.length === 1);
    await own.close();
    await assert.rejects(call);
    assert.equal(own.requests[0]?.aborted, true);
  });
});

describe("malformed bodies", () => {
  for (const providerCase of providerCases) {
    test(`${providerCase.name}: a malformed body is an error, plain and streamed`, async () => {
      simulator.setBehaviour(providerCase.modelId, { malformed: true });
      const model = providerCase.createModel(simulator.url);
      await assert.rejects(generateText({ model, prompt, maxRetries: 0 }));
      const { text, errors } = await streamAll({ model, prompt, maxRetries: 0 });
      assert.equal(text, "");
      assert.ok(errors.length > 0, "the stream reports an error");
    });
  }
});
