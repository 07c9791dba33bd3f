// The page reads the server's one error body (`{"error":{"code","message","details"}}`) from a JSON
// answer and from a consultation's event stream alike, keeping the server's code, words and details;
// and an answer 401 `unauthenticated` (the session ended, or its key was revoked) tells the page to ask
// for a sign-in again. Run against a fake fetch: what is tested is the page's side.

import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";
import { ApiError, api, consult, signedOut } from "../../web/src/api.ts";

const realFetch = globalThis.fetch;

/** Makes every fetch answer `response` (a fresh copy each time). */
function answerWith(response: () => Response): void {
  globalThis.fetch = async () => response();
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("the page's API client", () => {
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it("keeps the code, message and details of an error answer", async () => {
    answerWith(() =>
      json(429, {
        error: { code: "rate_limited", message: "Ten requests an hour.", details: { retryAfterSeconds: 60 } },
      }),
    );
    await assert.rejects(api.conversations(), (error: ApiError) => {
      assert.ok(error instanceof ApiError);
      assert.deepEqual(
        [error.code, error.message, error.details],
        ["rate_limited", "Ten requests an hour.", { retryAfterSeconds: 60 }],
      );
      return true;
    });
  });

  it("asks for a sign-in again when the server answers 401 unauthenticated, and only then", async () => {
    let told = 0;
    const listener = () => {
      told += 1;
    };
    signedOut.addEventListener("signed-out", listener);
    try {
      answerWith(() =>
        json(401, { error: { code: "unauthenticated", message: "Your session has ended. Sign in again." } }),
      );
      await assert.rejects(api.history("c1"), { code: "unauthenticated", message: /session has ended/ });
      await assert.rejects(
        consult({ question: "q" }, () => {}, new AbortController().signal),
        {
          code: "unauthenticated",
        },
      );
      assert.equal(told, 2);
      answerWith(() =>
        json(404, { error: { code: "conversation_not_found", message: "No such conversation." } }),
      );
      await assert.rejects(api.history("c1"), { code: "conversation_not_found" });
      assert.equal(told, 2);
    } finally {
      signedOut.removeEventListener("signed-out", listener);
    }
  });

  it("reads an error event of a consultation's stream in the same shape", async () => {
    const stream = [
      'event: progress\ndata: {"type":"model-started","model":"alpha","role":"primary"}\n\n',
      'event: error\ndata: {"code":"budget_exceeded","message":"Over maxCostUsd.","details":{"estimatedCostUsd":2}}\n\n',
    ].join("");
    answerWith(() => new Response(stream, { status: 200, headers: { "content-type": "text/event-stream" } }));
    const events: unknown[] = [];
    await assert.rejects(
      consult({ question: "q" }, (event) => events.push(event), new AbortController().signal),
      (error: ApiError) => {
        assert.deepEqual(
          [error.code, error.message, error.details],
          ["budget_exceeded", "Over maxCostUsd.", { estimatedCostUsd: 2 }],
        );
        return true;
      },
    );
    assert.deepEqual(events, [{ type: "model-started", model: "alpha", role: "primary" }]);
  });
});
