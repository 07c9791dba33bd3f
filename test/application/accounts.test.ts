// The account use cases, in process over a real store with a clock the test moves: keys made, listed
// (never with their secret) and revoked; who a key, an OAuth token or a web session proves the caller
// is, in a tier the configuration knows; and the web page's sessions, which last seven days at most,
// end with the token they were opened with, at sign-out, and when their key is revoked.

import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import {
  createAccountUseCases,
  type Identification,
} from "../../src/application/accounts/account-use-cases.ts";
import { webSessionLifetimeMs } from "../../src/application/accounts/web-sessions.ts";
import { type AuthSettings, defaultTiers } from "../../src/configuration/access.ts";
import type { ServiceError } from "../../src/contract/service-error.ts";
import { openSqliteStore } from "../../src/store/sqlite/open-sqlite-store.ts";

const start = Date.parse("2026-05-01T08:00:00Z");
const resource = "http://127.0.0.1:1/mcp";

function setUp(auth: AuthSettings) {
  let now = start;
  const store = openSqliteStore(":memory:");
  const accounts = createAccountUseCases({
    auth,
    tiers: defaultTiers,
    keys: store.accounts,
    webSessions: store.webSessions,
    clock: () => new Date(now),
  });
  return { store, accounts, at: (time: number) => (now = time) };
}

const callerOf = (found: Identification) => {
  assert.ok("identity" in found, "refusal" in found ? found.refusal : "");
  return found.identity.caller;
};
const refusalOf = (found: Identification) => {
  assert.ok("refusal" in found, "the credential was accepted");
  return found.refusal;
};
const bearer = (token: string) => ({ bearer: token, resource });

describe("API keys", () => {
  it("are made, shown once, listed without their secret, and identify their user until revoked", async () => {
    const { store, accounts } = setUp({ mode: "api-key", trustProxy: false });
    const { key, summary } = await accounts.createApiKey({ userId: "ann", tier: "admin" });
    assert.match(key, /^aiu_[a-z0-9]{12}\.[A-Za-z0-9_-]{43}$/);
    assert.ok(key.startsWith(`${summary.id}.`));
    const second = await accounts.createApiKey({ userId: "bob" });
    assert.equal(second.summary.tier, "user", "a key names the default tier unless told");
    const listed = await accounts.listApiKeys();
    assert.deepEqual(listed.map((entry) => entry.id).sort(), [summary.id, second.summary.id].sort());
    assert.ok(!JSON.stringify(listed).includes(key.split(".")[1] ?? "-"), "the secret is listed");
    assert.ok(
      listed.every((entry) => !("hash" in entry)),
      "the hash is listed",
    );

    assert.deepEqual(callerOf(await accounts.identify(bearer(key))), { userId: "ann", tier: "admin" });
    assert.match(
      refusalOf(await accounts.identify(bearer(`${key.slice(0, -1)}x`))),
      /not valid or was revoked/,
    );
    assert.match(refusalOf(await accounts.identify(bearer("not-a-key"))), /not valid or was revoked/);

    await accounts.revokeApiKey({ keyId: summary.id });
    assert.match(refusalOf(await accounts.identify(bearer(key))), /not valid or was revoked/);
    await assert.rejects(
      accounts.revokeApiKey({ keyId: summary.id }),
      (error: ServiceError) => error.code === "invalid_argument" && /No active key/.test(error.message),
    );
    await store.close();
  });

  it("refuse a tier the configuration does not have, naming those it has", async () => {
    const { store, accounts } = setUp({ mode: "api-key", trustProxy: false });
    await assert.rejects(accounts.createApiKey({ userId: "ann", tier: "gold" }), (error: ServiceError) => {
      assert.equal(error.code, "invalid_argument");
      assert.match(error.message, /Tier "gold" is not configured; tiers: local, anonymous, user, admin/);
      return true;
    });
    await assert.rejects(accounts.createApiKey({ userId: "" }), (error: ServiceError) => {
      return error.code === "invalid_argument" && /userId/.test(error.message);
    });
    assert.deepEqual(await accounts.listApiKeys(), []);
    await store.close();
  });

  it("say which caller a user id stands for: the tier of the user's newest active key", async () => {
    const { store, accounts, at } = setUp({ mode: "api-key", trustProxy: false });
    assert.deepEqual(await accounts.callerOfUser({ userId: "ann" }), { userId: "ann", tier: "user" });
    await accounts.createApiKey({ userId: "ann", tier: "anonymous" });
    at(start + 1000);
    const newest = await accounts.createApiKey({ userId: "ann", tier: "admin" });
    assert.deepEqual(await accounts.callerOfUser({ userId: "ann" }), { userId: "ann", tier: "admin" });
    await accounts.revokeApiKey({ keyId: newest.summary.id });
    assert.equal((await accounts.callerOfUser({ userId: "ann" })).tier, "anonymous");
    assert.equal((await accounts.callerOfUser({ userId: "ann", tier: "local" })).tier, "local");
    await store.close();
  });
});

describe("web sessions", () => {
  it("last seven days and then end", async () => {
    const { store, accounts, at } = setUp({ mode: "oauth", trustProxy: false });
    const identity = { caller: { userId: "ann", tier: "user" }, credentialId: "desktop-app" };
    const { id, expiresAt } = await accounts.openWebSession(identity);
    assert.equal(expiresAt, start + webSessionLifetimeMs);
    at(start + webSessionLifetimeMs);
    assert.deepEqual(callerOf(await accounts.identify({ session: id })), identity.caller);
    at(start + webSessionLifetimeMs + 1);
    assert.match(refusalOf(await accounts.identify({ session: id })), /session has ended/);
    await store.close();
  });

  it("end with the OAuth token they were opened with", async () => {
    const { store, accounts, at } = setUp({ mode: "oauth", trustProxy: false });
    const tokenEnds = start / 1000 + 3600;
    const { id, expiresAt } = await accounts.openWebSession({
      caller: { userId: "ann", tier: "user" },
      credentialId: "desktop-app",
      expiresAt: tokenEnds,
    });
    assert.equal(expiresAt, tokenEnds * 1000);
    at(tokenEnds * 1000 + 1);
    refusalOf(await accounts.identify({ session: id }));
    await store.close();
  });

  it("end when the API key they were opened with is revoked, and at sign-out", async () => {
    const { store, accounts } = setUp({ mode: "api-key", trustProxy: false });
    const { key } = await accounts.createApiKey({ userId: "ann", tier: "admin" });
    const found = await accounts.identify(bearer(key));
    assert.ok("identity" in found);
    const first = await accounts.openWebSession(found.identity);
    const second = await accounts.openWebSession(found.identity);
    assert.deepEqual(callerOf(await accounts.identify({ session: first.id })), {
      userId: "ann",
      tier: "admin",
    });
    await accounts.closeWebSession(second.id);
    refusalOf(await accounts.identify({ session: second.id }));
    await accounts.revokeApiKey({ keyId: found.identity.credentialId });
    refusalOf(await accounts.identify({ session: first.id }));
    refusalOf(await accounts.identify({ session: "never-opened" }));
    await store.close();
  });
});

describe("OAuth tokens", () => {
  let issuer = "";
  let server: ReturnType<typeof createServer>;
  let privateKey: CryptoKey;
  before(async () => {
    const pair = await generateKeyPair("RS256");
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: "key-1", alg: "RS256", use: "sig" };
    server = createServer((request, response) => {
      const body =
        request.url === "/.well-known/openid-configuration"
          ? { issuer, jwks_uri: `${issuer}/jwks` }
          : { keys: [jwk] };
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  const token = (claims: Record<string, unknown>, audience = resource) =>
    new SignJWT({ azp: "desktop-app", ...claims })
      .setProtectedHeader({ alg: "RS256", kid: "key-1" })
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);

  it("identify their subject, namespaced by the issuer, in the tier they claim, never the local one, for this server alone", async () => {
    const { store, accounts } = setUp({
      mode: "oauth",
      trustProxy: false,
      oauth: { issuer, tierClaim: "tier" },
    });
    const admin = await accounts.identify(bearer(await token({ sub: "ann", tier: "admin" })));
    assert.deepEqual(callerOf(admin), { userId: `oauth:${new URL(issuer).host}:ann`, tier: "admin" });
    // A subject named like the local user is not the local user.
    const local = await accounts.identify(bearer(await token({ sub: "local" })));
    assert.equal(callerOf(local).userId, `oauth:${new URL(issuer).host}:local`);
    assert.ok("identity" in admin && admin.identity.credentialId === "desktop-app");
    assert.ok("identity" in admin && typeof admin.identity.expiresAt === "number");
    assert.equal(
      callerOf(await accounts.identify(bearer(await token({ sub: "bob", tier: "local" })))).tier,
      "user",
    );
    assert.equal(
      callerOf(await accounts.identify(bearer(await token({ sub: "cy", tier: "gold" })))).tier,
      "user",
    );
    const elsewhere = await token({ sub: "ann" }, "http://another.example/mcp");
    assert.ok(refusalOf(await accounts.identify(bearer(elsewhere))).length > 0);
    assert.ok(refusalOf(await accounts.identify(bearer("not.a.token"))).length > 0);
    await store.close();
  });
});
