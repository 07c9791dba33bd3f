// A shared server in auth mode oauth, as an MCP resource server, against a local OpenID issuer
// (discovery document and JWKS served here): protected resource metadata, 401 with the challenge
// that points to it, and every way a token can be wrong. The user is the token's subject, never the
// OAuth client: two people on one desktop app do not see each other's conversations; and the subject is
// namespaced by the issuer, so a token whose subject is `local` is not the command line's local user.

import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { errorTextOf, secondOpinionOf } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

type Key = Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];

/** A local OpenID issuer: discovery at /.well-known/openid-configuration, keys at /jwks. */
async function startIssuer() {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "key-1", alg: "RS256", use: "sig" };
  let url = "";
  const server: Server = createServer((request, response) => {
    const body =
      request.url === "/.well-known/openid-configuration"
        ? { issuer: url, jwks_uri: `${url}/jwks` }
        : request.url === "/jwks"
          ? { keys: [jwk] }
          : undefined;
    response
      .writeHead(body ? 200 : 404, { "content-type": "application/json" })
      .end(JSON.stringify(body ?? {}));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, server, privateKey };
}

describe("a team server with OAuth", () => {
  let simulator: ProviderSimulator;
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  let server: InProcessServer;
  const clients: TestClient[] = [];
  const token = async (claims: JWTPayload, options: { key?: Key; expiresIn?: string | number } = {}) =>
    new SignJWT({ azp: "one-desktop-app", ...claims })
      .setProtectedHeader({ alg: "RS256", kid: "key-1" })
      .setIssuer(String(claims.iss ?? issuer.url))
      .setAudience(String(claims.aud ?? `${server.url}/mcp`))
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? "5m")
      .sign(options.key ?? issuer.privateKey);
  const connectWith = async (bearer: string) => {
    const client = await connectClient("v2-modern", {
      transport: "http",
      url: server.url,
      headers: { authorization: `Bearer ${bearer}` },
    });
    clients.push(client);
    return client;
  };
  const post = (authorization?: string) =>
    fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });

  before(async () => {
    simulator = await startProviderSimulator();
    issuer = await startIssuer();
    const { environment } = await serverEnvironment(simulator.url, { maxRetries: 0 });
    server = await startHttpServerInProcess({
      ...environment,
      AI_UNIVERSE_AUTH: "oauth",
      AI_UNIVERSE_OAUTH_ISSUER: issuer.url,
    });
  });
  after(async () => {
    for (const client of clients) await client.close().catch(() => {});
    await server?.stop();
    issuer?.server.close();
    await simulator?.close();
  });

  it("publishes protected resource metadata and answers 401 with a challenge that points to it", async () => {
    const metadata = await fetch(`${server.url}/.well-known/oauth-protected-resource/mcp`);
    assert.equal(metadata.status, 200);
    assert.deepEqual(await metadata.json(), {
      resource: `${server.url}/mcp`,
      authorization_servers: [issuer.url],
      bearer_methods_supported: ["header"],
      resource_name: "AI Universe",
    });
    const refused = await post();
    assert.equal(refused.status, 401);
    const challenge = refused.headers.get("www-authenticate") ?? "";
    assert.match(challenge, /^Bearer /);
    assert.doesNotMatch(challenge, /error=/, "a request without a token gets no error code (RFC 6750)");
    assert.ok(
      challenge.includes(`resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp"`),
      challenge,
    );
  });

  it("refuses expired, foreign-signed, wrong-issuer, wrong-audience, subjectless and malformed tokens", async () => {
    const foreign = (await generateKeyPair("RS256")).privateKey;
    const cases: [string, string, RegExp][] = [
      ["expired", await token({ sub: "u" }, { expiresIn: Math.floor(Date.now() / 1000) - 60 }), /expired/],
      ["foreign key", await token({ sub: "u" }, { key: foreign }), /signature/],
      ["wrong issuer", await token({ sub: "u", iss: "https://elsewhere.example" }), /not issued by/],
      [
        "wrong audience",
        await token({ sub: "u", aud: "https://other.example/mcp" }),
        /not meant for this server/,
      ],
      ["no subject", await token({}), /no subject/],
      ["malformed", "not.a.jwt", /malformed/],
    ];
    for (const [name, bearer, reason] of cases) {
      const response = await post(`Bearer ${bearer}`);
      assert.equal(response.status, 401, name);
      assert.match(response.headers.get("www-authenticate") ?? "", /error="invalid_token"/, name);
      const answer = (await response.json()) as { error: { message: string } };
      assert.match(answer.error.message, reason, name);
      assert.ok(!answer.error.message.includes(bearer), `${name}: the token is echoed`);
    }
  });

  it("takes the user from the subject, not the client, and the tier from the configured claim", async () => {
    const first = await connectWith(await token({ sub: "person-1" }));
    const second = await connectWith(await token({ sub: "person-2", ai_universe_tier: "admin" }));
    const asked = secondOpinionOf(
      await first.callTool("agent.second_opinion", { question: "Mine?", maxOpinions: 0 }),
    );
    assert.match(
      errorTextOf(
        await second.callTool("conversation.get-history", { conversationId: asked.conversationId }),
      ),
      /^conversation_not_found/,
    );
    const usage = (await second.callTool("usage", {})).structuredContent as { userId: string; tier: string };
    assert.deepEqual([usage.userId, usage.tier], [`oauth:${new URL(issuer.url).host}:person-2`, "admin"]);
    const firstUsage = (await first.callTool("usage", {})).structuredContent as { tier: string };
    assert.equal(firstUsage.tier, "user");
  });

  it("namespaces a token's subject by its issuer: a subject named local is not the local user", async () => {
    const { application } = server.runtime;
    const local = await application.secondOpinion(
      { userId: "local", tier: "local" },
      { question: "The local user's own question", maxOpinions: 0 },
      { signal: new AbortController().signal },
    );
    const impostor = await connectWith(await token({ sub: "local" }));
    const listed = (await impostor.callTool("conversation.list", {})).structuredContent as {
      conversations: { id: string }[];
    };
    assert.deepEqual(listed.conversations, []);
    assert.match(
      errorTextOf(
        await impostor.callTool("conversation.get-history", { conversationId: local.conversationId }),
      ),
      /^conversation_not_found/,
    );
    const usage = (await impostor.callTool("usage", {})).structuredContent as { userId: string };
    assert.equal(usage.userId, `oauth:${new URL(issuer.url).host}:local`);
  });

  it("tells an anonymous caller of /health the status alone, and a caller with a token the whole report", async () => {
    const anonymous = (await (await fetch(`${server.url}/health`)).json()) as object;
    assert.deepEqual(Object.keys(anonymous), ["status"]);
    const known = await fetch(`${server.url}/health`, {
      headers: { authorization: `Bearer ${await token({ sub: "health-reader" })}` },
    });
    const report = (await known.json()) as { version?: string; models?: { available: unknown[] } };
    assert.ok(report.version && (report.models?.available.length ?? 0) > 0, JSON.stringify(report));
  });

  it("never takes the unlimited local tier, nor a name every object inherits, from a token's claim", async () => {
    for (const claimed of ["local", "__proto__", "constructor", "toString"]) {
      const client = await connectWith(await token({ sub: `claims-${claimed}`, ai_universe_tier: claimed }));
      const usage = (await client.callTool("usage", {})).structuredContent as {
        tier: string;
        spend: { dailyBudgetUsd: number | null };
      };
      assert.deepEqual([usage.tier, usage.spend.dailyBudgetUsd], ["user", 5], claimed);
    }
  });
});
