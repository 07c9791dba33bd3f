// The simulator's own surface: the request log, the control endpoints for other processes, raw protocol
// details no AI SDK client exercises, and the standalone entry point.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { after, before, beforeEach, describe, test } from "node:test";
import { generateText } from "ai";
import { providerCaseNamed } from "./provider-cases.ts";
import { type ProviderSimulator, startProviderSimulator } from "./provider-simulator.ts";

const prompt = "Is the simulator realistic?";
const openaiCase = providerCaseNamed("openai (default model)");
const googleCase = providerCaseNamed("google");

let simulator: ProviderSimulator;
before(async () => {
  simulator = await startProviderSimulator();
});
after(() => simulator.close());
beforeEach(() => simulator.reset());

describe("request log and control endpoints", () => {
  test("the log records what each request carried", async () => {
    await generateText({
      model: openaiCase.createModel(simulator.url),
      system: "Be brief.",
      prompt,
      maxRetries: 0,
      headers: { "x-consultation": "c-1" },
    });
    const [request] = simulator.requests;
    assert.ok(request);
    assert.equal(request.headers["x-consultation"], "c-1");
    assert.equal(request.headers["content-type"], "application/json");
    assert.equal((request.body as { model: string }).model, openaiCase.modelId);
    assert.match(JSON.stringify(request.body), /Be brief\..*Is the simulator realistic\?/);
  });

  test("another process can script behaviours, read the log and reset over HTTP", async () => {
    const post = (path: string, body?: unknown) =>
      fetch(`${simulator.url}${path}`, {
        method: "POST",
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    assert.equal(
      (await post("/__simulator/behaviour", { model: googleCase.modelId, behaviour: { text: "Scripted." } }))
        .status,
      200,
    );
    assert.equal((await post("/__simulator/behaviour", { default: { text: "Default." } })).status, 200);
    assert.equal((await post("/__simulator/behaviour", { nonsense: true })).status, 400);
    const google = await generateText({
      model: googleCase.createModel(simulator.url),
      prompt,
      maxRetries: 0,
    });
    const openai = await generateText({
      model: openaiCase.createModel(simulator.url),
      prompt,
      maxRetries: 0,
    });
    assert.equal(google.text, "Scripted.");
    assert.equal(openai.text, "Default.");
    const log = (await (await fetch(`${simulator.url}/__simulator/requests`)).json()) as { model: string }[];
    assert.deepEqual(
      log.map((request) => request.model),
      [googleCase.modelId, openaiCase.modelId],
    );
    assert.equal((await post("/__simulator/reset")).status, 200);
    assert.equal(simulator.requests.length, 0);
    const afterReset = await generateText({
      model: googleCase.createModel(simulator.url),
      prompt,
      maxRetries: 0,
    });
    assert.equal(afterReset.text, `Answer from ${googleCase.modelId}: ${prompt}`);
  });

  test("Gemini streams without alt=sse come as one JSON array of chunks", async () => {
    simulator.setBehaviour("gemini-raw", { text: "One two three." });
    const response = await fetch(`${simulator.url}/google/v1beta/models/gemini-raw:streamGenerateContent`, {
      method: "POST",
      body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "Count." }] }] }),
    });
    const chunks = (await response.json()) as { candidates: { content: { parts: { text: string }[] } }[] }[];
    assert.ok(chunks.length > 1);
    assert.equal(
      chunks.map((chunk) => chunk.candidates[0]?.content.parts[0]?.text).join(""),
      "One two three.",
    );
    assert.equal(simulator.requests[0]?.stream, true);
  });

  test("unknown paths get a 404 in the provider's error shape", async () => {
    const response = await fetch(`${simulator.url}/anthropic/v1/completions`, { method: "POST", body: "{}" });
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), {
      type: "error",
      error: {
        type: "not_found_error",
        message: "The simulator has no endpoint for POST /anthropic/v1/completions",
      },
    });
    assert.equal(simulator.requests.length, 0);
  });

  test("waitForRequests rejects with the log when the condition never holds", async () => {
    await assert.rejects(
      simulator.waitForRequests((requests) => requests.length > 0, 20),
      /waitForRequests timed out after 20 ms/,
    );
  });

  test("main.ts runs the simulator standalone until it is killed", async () => {
    const child = spawn(process.execPath, [new URL("./main.ts", import.meta.url).pathname, "--port", "0"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const [firstChunk] = (await once(child.stdout, "data")) as [Buffer];
    const url = /listening on (http:\/\/\S+)/.exec(firstChunk.toString())?.[1];
    assert.ok(url, `unexpected output: ${firstChunk.toString()}`);
    const response = await fetch(`${url}/__simulator/requests`);
    assert.deepEqual(await response.json(), []);
    child.kill("SIGTERM");
    const [code] = await once(child, "exit");
    assert.equal(code, 0);
  });
});
