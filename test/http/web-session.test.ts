// When the web page counts as reached over HTTPS, so its session cookie is Secure. (The sessions
// themselves, which the application keeps, are tested in test/application/accounts.test.ts.)

import assert from "node:assert/strict";
import type { IncomingMessage } from "node:http";
import { describe, it } from "node:test";
import type { AuthSettings } from "../../src/configuration/access.ts";
import { reachedOverHttps } from "../../src/http/web-session.ts";

describe("a page reached over HTTPS", () => {
  const request = (headers: Record<string, string>, encrypted = false) =>
    ({ headers, socket: { encrypted } }) as unknown as IncomingMessage;
  const auth = (fields: Partial<AuthSettings> = {}): AuthSettings => ({
    mode: "api-key",
    trustProxy: false,
    ...fields,
  });

  it("is one on a TLS socket, behind an https public URL, or through a trusted proxy that says so", () => {
    assert.equal(reachedOverHttps(request({}, true), auth()), true);
    assert.equal(reachedOverHttps(request({}), auth({ publicUrl: "https://ai.example.com" })), true);
    assert.equal(
      reachedOverHttps(request({ "x-forwarded-proto": "https" }), auth({ trustProxy: true })),
      true,
    );
    assert.equal(
      reachedOverHttps(request({ "x-forwarded-proto": "https, http" }), auth({ trustProxy: true })),
      true,
    );
  });

  it("is not one when an untrusted client only says so, or a trusted proxy says HTTP", () => {
    assert.equal(reachedOverHttps(request({ "x-forwarded-proto": "https" }), auth()), false);
    assert.equal(
      reachedOverHttps(request({ "x-forwarded-proto": "http" }), auth({ trustProxy: true })),
      false,
    );
    assert.equal(reachedOverHttps(request({}), auth({ publicUrl: "http://10.0.0.5:3000" })), false);
  });
});
