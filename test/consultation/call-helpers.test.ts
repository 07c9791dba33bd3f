// The helpers around one model call: retry decisions and delays, citations, usage and cost, and the
// failure message a user reads.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { APICallError, JSONParseError, NoObjectGeneratedError, TypeValidationError } from "ai";
import { citationsFromSources } from "../../src/consultation/model-call/citations.ts";
import { describeFailure } from "../../src/consultation/model-call/describe-failure.ts";
import { isRetryable, retryAfterMs, retryDelayMs } from "../../src/consultation/model-call/retry-policy.ts";
import { usageFields } from "../../src/consultation/model-call/usage-cost.ts";
import type { ModelEntry } from "../../src/providers/model-entry.ts";

/** An HTTP error as a provider package throws it; retryability is left to the AI SDK's own rule. */
function httpError(statusCode: number, message: string, responseHeaders: Record<string, string> = {}) {
  return new APICallError({
    message,
    url: "https://provider.example/v1/chat",
    requestBodyValues: {},
    statusCode,
    responseHeaders,
  });
}

function networkError(code: string): TypeError {
  return new TypeError("fetch failed", { cause: Object.assign(new Error(code), { code }) });
}

const entry: ModelEntry = {
  name: "grok",
  provider: "xai",
  modelId: "grok-4",
  displayName: "Grok 4 (xAI)",
  inputPricePerMillion: 3,
  outputPricePerMillion: 15,
  contextWindow: 256_000,
  webSearch: false,
};

describe("retry policy", () => {
  it("reads Retry-After as seconds, as an HTTP date, and retry-after-ms", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    assert.equal(retryAfterMs(httpError(429, "slow down", { "Retry-After": "2" }), now), 2000);
    assert.equal(
      retryAfterMs(httpError(429, "slow", { "retry-after": "Wed, 01 Jan 2025 00:00:05 GMT" }), now),
      5000,
    );
    assert.equal(
      retryAfterMs(httpError(429, "slow", { "retry-after-ms": "750", "retry-after": "9" }), now),
      750,
    );
    assert.equal(retryAfterMs(httpError(429, "slow"), now), undefined);
    assert.equal(retryAfterMs(networkError("ECONNRESET"), now), undefined);
  });

  it("retries rate limits, server errors and refused connections, not bad requests", () => {
    assert.equal(isRetryable(httpError(429, "rate limited")), true);
    assert.equal(isRetryable(httpError(500, "internal error")), true);
    assert.equal(isRetryable(httpError(400, "bad request")), false);
    assert.equal(isRetryable(networkError("ECONNREFUSED")), true);
    assert.equal(isRetryable(networkError("ENOTFOUND")), false);
    assert.equal(isRetryable(new Error("schema mismatch")), false);
  });

  it("doubles the backoff per attempt and waits longer when Retry-After asks for it", () => {
    const middle = () => 0.5;
    const plain = httpError(503, "unavailable");
    assert.deepEqual(
      [1, 2, 3].map((attempt) => retryDelayMs(plain, attempt, middle)),
      [500, 1000, 2000],
    );
    assert.equal(retryDelayMs(httpError(429, "slow", { "retry-after": "3" }), 1, middle), 3000);
    assert.equal(retryDelayMs(httpError(429, "slow", { "retry-after": "0" }), 2, middle), 1000);
  });
});

describe("citationsFromSources", () => {
  it("keeps http(s) URLs once each, falling back to the hostname for a title", () => {
    const citations = citationsFromSources([
      { sourceType: "url", url: "https://example.org/a", title: "Page A" },
      { sourceType: "url", url: "https://example.org/a/", title: "Duplicate with slash" },
      { sourceType: "url", url: "https://example.org/a#section", title: "Duplicate with fragment" },
      { sourceType: "url", url: "ftp://example.org/file" },
      { sourceType: "url", url: "javascript:alert(1)" },
      { sourceType: "url", url: "/relative/path" },
      { sourceType: "document", title: "A PDF" },
      { url: " https://docs.example.com/guide ", title: "  " },
    ]);
    assert.deepEqual(citations, [
      { title: "Page A", url: "https://example.org/a" },
      { title: "docs.example.com", url: "https://docs.example.com/guide" },
    ]);
  });

  it("returns nothing for no sources", () => {
    assert.deepEqual(citationsFromSources(undefined), []);
  });
});

describe("usageFields", () => {
  it("computes tokens and cost from the catalog prices", () => {
    assert.deepEqual(
      usageFields(entry, { inputTokens: 1000, outputTokens: 200, totalTokens: 1200 }, "Yes."),
      {
        tokensUsed: 1200,
        inputTokens: 1000,
        outputTokens: 200,
        cost: 0.006,
      },
    );
  });

  it("adds input and output when the total is missing", () => {
    assert.equal(usageFields(entry, { inputTokens: 10, outputTokens: 5 }, "Yes.").tokensUsed, 15);
  });

  it("leaves out what the provider did not report instead of reporting zero", () => {
    assert.deepEqual(usageFields(entry, undefined, "Yes."), {});
    assert.deepEqual(usageFields(entry, { inputTokens: 0, outputTokens: 0, totalTokens: 0 }, "Yes."), {});
    assert.deepEqual(usageFields(entry, { inputTokens: 80, totalTokens: 120 }, "Yes."), {
      tokensUsed: 120,
      inputTokens: 80,
    });
  });

  it("reports tokens but no cost when the price is unknown", () => {
    const unpriced: ModelEntry = {
      ...entry,
      modelId: "a-model-the-price-data-does-not-know",
      inputPricePerMillion: undefined,
      outputPricePerMillion: undefined,
    };
    const fields = usageFields(unpriced, { inputTokens: 10, outputTokens: 5, totalTokens: 15 }, "Yes.");
    assert.deepEqual(fields, { tokensUsed: 15, inputTokens: 10, outputTokens: 5 });
  });
});

describe("describeFailure", () => {
  const options = { timedOut: false, deadlineMs: 210_000, attempts: 1, secrets: ["xai-secret-key-123"] };

  it("names the model, the status, the provider's message and a hint", () => {
    const cases: [number, string][] = [
      [401, "check the provider's API key"],
      [404, 'check that model id "grok-4" exists'],
      [429, "rate limited or out of credit"],
    ];
    for (const [status, hint] of cases) {
      const failure = describeFailure(entry, httpError(status, `provider says ${status}`), options);
      assert.equal(failure.status, status);
      for (const fragment of ["Grok 4 (xAI)", "grok-4", `HTTP ${status}`, `provider says ${status}`, hint]) {
        assert.ok(failure.message.includes(fragment), `"${failure.message}" lacks "${fragment}"`);
      }
    }
    assert.equal(describeFailure(entry, httpError(429, "slow down"), options).retryable, true);
    assert.equal(describeFailure(entry, httpError(401, "bad key"), options).retryable, false);
  });

  it("says a timed-out model missed its deadline, after how many attempts", () => {
    const failure = describeFailure(entry, new Error("aborted"), { ...options, timedOut: true, attempts: 3 });
    assert.match(failure.message, /did not answer within its deadline of 210 s after 3 attempts/);
    assert.equal(failure.retryable, true);
  });

  it("calls a 2xx answer it could not use malformed", () => {
    const failure = describeFailure(entry, httpError(200, "Invalid JSON response"), options);
    assert.match(failure.message, /returned a malformed response: Invalid JSON response/);
    assert.equal(failure.retryable, false);
  });

  it("says in words why a structured answer was unusable, quoting none of it", () => {
    const raw = `{"synthesis": "${"All models agree that the answer depends on the load. ".repeat(20)}`;
    const unusable = (cause: Error | undefined, text: string | undefined) =>
      new NoObjectGeneratedError({
        message: "No object generated.",
        ...(cause ? { cause } : {}),
        ...(text !== undefined ? { text } : {}),
        response: { id: "r", timestamp: new Date(0), modelId: "grok-4" },
        usage: {} as ConstructorParameters<typeof NoObjectGeneratedError>[0]["usage"],
        finishReason: "stop",
      });
    const cases: [NoObjectGeneratedError, string][] = [
      [
        unusable(new JSONParseError({ text: raw, cause: new SyntaxError("Unterminated string") }), raw),
        "its answer was not valid JSON",
      ],
      [
        unusable(
          new TypeValidationError({ value: { synthesis: 1 }, cause: new Error("Expected string") }),
          raw,
        ),
        "its answer was JSON but did not fit the schema asked for",
      ],
      [unusable(undefined, ""), "it returned no answer"],
    ];
    for (const [error, words] of cases) {
      const { message } = describeFailure(entry, error, options);
      assert.equal(
        message,
        `Grok 4 (xAI) [grok: xai/grok-4] did not return the structured answer asked for: ${words}.`,
      );
    }
    const bare = describeFailure(
      entry,
      new JSONParseError({ text: raw, cause: new SyntaxError("Unterminated string") }),
      options,
    );
    assert.equal(
      bare.message,
      "Grok 4 (xAI) [grok: xai/grok-4] returned a malformed response: its answer was not valid JSON.",
    );
  });

  it("says a refused connection could not be reached", () => {
    const failure = describeFailure(entry, networkError("ECONNREFUSED"), options);
    assert.match(failure.message, /could not be reached: TypeError: ECONNREFUSED/);
  });

  it("scrubs configured keys from every message", () => {
    const leaky = "Incorrect API key provided: xai-secret-key-123";
    for (const error of [httpError(401, leaky), httpError(200, leaky), new Error(leaky)]) {
      const { message } = describeFailure(entry, error, options);
      assert.ok(!message.includes("xai-secret-key-123"), message);
      assert.ok(message.includes("[redacted]"), message);
    }
  });
});
