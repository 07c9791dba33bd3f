// Web sessions against a real store with a clock the test moves: a session lasts seven days and not a
// moment longer, one opened with an OAuth token ends when the token does, one opened with an API key
// ends when the key is revoked; and when the page counts as reached over HTTPS (so the cookie is Secure).

import assert from "node:assert/strict";
import type { IncomingMessage } from "node:http";
import { describe, it } from "node:test";
import type { AuthInfo } from "@modelcontextprotocol/server";
import { newApiKey } from "../../src/accounts/api-keys.ts";
import type { AuthSettings } from "../../src/configuration/access.ts";
import { createWebSessions, reachedOverHttps, webSessionLifetimeMs } from "../../src/http/web-session.ts";
import { openSqliteStore } from "../../src/store/sqlite/open-sqlite-store.ts";

const start = Date.parse("2026-05-01T08:00:00Z");

function setUp(mode: AuthSettings["mode"]) {
  let now = start;
  const store = openSqliteStore(":memory:");
  const sessions = createWebSessions(
    store,
    mode,
    (tier) => tier,
    () => now,
  );
  return { store, sessions, at: (time: number) => (now = time) };
}

const identity = (fields: Partial<AuthInfo> = {}): AuthInfo => ({
  token: "credential",
  clientId: "desktop-app",
  scopes: [],
  extra: { userId: "ann", tier: "user" },
  ...fields,
});

describe("web sessions", () => {
  it("last seven days and then end", async () => {
    const { store, sessions, at } = setUp("oauth");
    const { id, expiresAt } = await sessions.open(identity());
    assert.equal(expiresAt, start + webSessionLifetimeMs);
    at(start + webSessionLifetimeMs);
    const known = await sessions.identify(id);
    assert.ok("info" in known && (known.info.extra as { userId: string }).userId === "ann");
    at(start + webSessionLifetimeMs + 1);
    assert.match(((await sessions.identify(id)) as { refusal?: string }).refusal ?? "", /session has ended/);
    await store.close();
  });

  it("end with the OAuth token they were opened with", async () => {
    const { store, sessions, at } = setUp("oauth");
    const tokenEnds = start / 1000 + 3600;
    const { id, expiresAt } = await sessions.open(identity({ expiresAt: tokenEnds }));
    assert.equal(expiresAt, tokenEnds * 1000);
    at(tokenEnds * 1000 + 1);
    assert.ok("refusal" in (await sessions.identify(id)));
    await store.close();
  });

  it("end when the API key they were opened with is revoked, and at sign-out", async () => {
    const { store, sessions } = setUp("api-key");
    const { record } = newApiKey("ann", "admin", new Date(start));
    await store.saveApiKey(record);
    const opened = identity({ clientId: record.id, extra: { userId: "ann", tier: "admin" } });
    const first = await sessions.open(opened);
    const second = await sessions.open(opened);
    assert.equal(((await sessions.identify(first.id)) as { info: AuthInfo }).info.extra?.tier, "admin");
    await sessions.close(second.id);
    assert.ok("refusal" in (await sessions.identify(second.id)), "a closed session still opens");
    await store.revokeApiKey(record.id, new Date(start).toISOString());
    assert.ok("refusal" in (await sessions.identify(first.id)), "a revoked key's session still opens");
    await store.close();
  });
});

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
