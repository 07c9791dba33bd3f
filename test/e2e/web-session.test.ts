// The web page's session over HTTP, as a browser speaks it: signing in sets a cookie that carries a
// random session id (never the key), sent only to /api, HttpOnly and SameSite=Strict, stored only as
// the id's hash; the cookie is refused at /mcp; signing out or revoking the key ends the session on
// the server, so the old cookie opens nothing; a malformed cookie gets 400, not 500; and the cookie is
// Secure behind a trusted proxy that says the page came over HTTPS, and only then.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { makeApiKey } from "./support/cli-process.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { mainScript } from "./support/http-server-process.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const changing = { "x-requested-with": "ai-universe", "content-type": "application/json" };

describe("the web page's session", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let server: InProcessServer;
  const servers: InProcessServer[] = [];

  const signIn = (url: string, credential: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/session`, {
      method: "POST",
      headers: { ...changing, ...headers },
      body: JSON.stringify({ credential }),
    });
  /** The session cookie a response sets (`name`: aiu_session, over HTTPS __Host-aiu_session), as `name=value`, and its attributes. */
  const cookieOf = (response: Response, name = "aiu_session") => {
    const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`)) ?? "";
    const [pair = "", ...attributes] = set.split(";").map((part) => part.trim());
    return { pair, value: pair.slice(`${name}=`.length), attributes };
  };
  const me = (cookie: string) =>
    fetch(`${server.url}/api/me`, { headers: { cookie } }).then(
      async (response) => [response.status, (await response.json()) as Record<string, unknown>] as const,
    );
  /** Every stored value of the web sessions table, on SQLite or PostgreSQL. */
  const storedSessions = async (): Promise<string> => {
    const url = environment.DATABASE_URL ?? "";
    if (/^postgres/.test(url)) {
      const pg = (await import("pg")).default;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return JSON.stringify((await client.query("SELECT * FROM web_sessions")).rows);
      } finally {
        await client.end();
      }
    }
    const database = new DatabaseSync(url, { readOnly: true });
    try {
      return JSON.stringify(database.prepare("SELECT * FROM web_sessions").all());
    } finally {
      database.close();
    }
  };

  before(async () => {
    simulator = await startProviderSimulator();
    environment = {
      ...(await serverEnvironment(simulator.url, { maxRetries: 0 })).environment,
      AI_UNIVERSE_AUTH: "api-key",
    };
    server = await startHttpServerInProcess(environment);
    servers.push(server);
  });
  after(async () => {
    for (const running of servers) await running.stop();
    await simulator?.close();
  });

  it("keeps a random session id in the cookie, only for /api, and only its hash in the database", async () => {
    const key = await makeApiKey(environment, "ann");
    const response = await signIn(server.url, key);
    assert.equal(response.status, 200);
    const body = (await response.json()) as { signedIn: boolean; userId: string; expiresAt: string };
    assert.deepEqual([body.signedIn, body.userId], [true, "ann"]);
    const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000;
    assert.ok(days > 6.9 && days <= 7, `the session lasts ${days} days`);
    const cookie = cookieOf(response);
    assert.match(cookie.value, /^[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(cookie.attributes, ["Path=/api", "HttpOnly", "SameSite=Strict", "Max-Age=604800"]);
    for (const part of key.split(".")) assert.ok(!cookie.value.includes(part), "the cookie carries the key");
    assert.ok(
      response.headers.getSetCookie().some((set) => /^aiu_credential=;.*Max-Age=0/.test(set)),
      "the cookie of earlier versions, which held the key, is not cleared",
    );
    const stored = await storedSessions();
    assert.ok(stored.includes(createHash("sha256").update(cookie.value).digest("hex")), stored);
    assert.ok(!stored.includes(cookie.value), "the session id itself is stored");

    assert.deepEqual(await me(cookie.pair), [
      200,
      { signedIn: true, authMode: "api-key", userId: "ann", tier: "user" },
    ]);
    const listed = await fetch(`${server.url}/api/conversations`, { headers: { cookie: cookie.pair } });
    assert.equal(listed.status, 200);
    const mcp = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: {
        cookie: cookie.pair,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    assert.equal(mcp.status, 401, "the session cookie opened /mcp");
  });

  it("ends the session on the server at sign-out, so the old cookie opens nothing", async () => {
    const key = await makeApiKey(environment, "bob");
    const { pair } = cookieOf(await signIn(server.url, key));
    const out = await fetch(`${server.url}/api/session`, {
      method: "DELETE",
      headers: { ...changing, cookie: pair },
    });
    assert.equal(out.status, 200);
    assert.match(cookieOf(out).attributes.join("; "), /Max-Age=0/);
    assert.deepEqual(await me(pair), [200, { signedIn: false, authMode: "api-key" }]);
    const refused = await fetch(`${server.url}/api/conversations`, { headers: { cookie: pair } });
    assert.equal(refused.status, 401);
    assert.match(
      ((await refused.json()) as { error: { message: string } }).error.message,
      /session has ended.*Sign in again/,
    );
  });

  it("ends every session of a key the moment the key is revoked", async () => {
    const key = await makeApiKey(environment, "carl");
    const { pair } = cookieOf(await signIn(server.url, key));
    assert.equal((await me(pair))[1].signedIn, true);
    const revoked = spawnSync(process.execPath, [mainScript, "keys", "revoke", key.split(".")[0] ?? ""], {
      env: environment,
      encoding: "utf8",
    });
    assert.equal(revoked.status, 0, revoked.stderr);
    assert.equal((await me(pair))[1].signedIn, false);
  });

  it("answers a malformed cookie with 400 in one line, never 500, and ignores the old key cookie", async () => {
    for (const cookie of [
      "aiu_session=%E0%A4%A",
      "aiu_session=not-a-session",
      "other=1; aiu_session=\u00e9",
    ]) {
      for (const path of ["/api/me", "/api/conversations"]) {
        const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
        assert.equal(response.status, 400, `${cookie} at ${path}`);
        const message = ((await response.json()) as { error: { message: string } }).error.message;
        assert.match(message, /^The aiu_session cookie is malformed .* Sign in again/);
        assert.ok(!message.includes("\n"));
        assert.match(response.headers.get("set-cookie") ?? "", /^aiu_session=;.*Max-Age=0/);
      }
    }
    const key = await makeApiKey(environment, "dana");
    for (const cookie of ["aiu_credential=%E0%A4%A", `aiu_credential=${encodeURIComponent(key)}`]) {
      assert.deepEqual(await me(cookie), [200, { signedIn: false, authMode: "api-key" }], cookie);
    }
  });

  it("sets a Secure __Host- cookie behind a trusted proxy that says HTTPS, and ignores the header from anyone else", async () => {
    const key = await makeApiKey(environment, "erin");
    const untrusted = await signIn(server.url, key, { "x-forwarded-proto": "https" });
    assert.ok(
      !cookieOf(untrusted).attributes.includes("Secure"),
      "an untrusted X-Forwarded-Proto was believed",
    );
    assert.equal(cookieOf(untrusted, "__Host-aiu_session").pair, "");
    const proxied = await startHttpServerInProcess({ ...environment, AI_UNIVERSE_TRUST_PROXY: "1" });
    servers.push(proxied);
    const overHttps = cookieOf(
      await signIn(proxied.url, key, { "x-forwarded-proto": "https" }),
      "__Host-aiu_session",
    );
    assert.deepEqual(overHttps.attributes, [
      "Path=/",
      "HttpOnly",
      "SameSite=Strict",
      "Secure",
      "Max-Age=604800",
    ]);
    const signedIn = await fetch(`${proxied.url}/api/me`, {
      headers: { cookie: overHttps.pair, "x-forwarded-proto": "https" },
    });
    assert.equal(((await signedIn.json()) as { userId?: string }).userId, "erin");
    // Over HTTPS the plain cookie is not the session: anyone on the host could have set it.
    const plain = `aiu_session=${overHttps.value}`;
    const unprefixed = await fetch(`${proxied.url}/api/me`, {
      headers: { cookie: plain, "x-forwarded-proto": "https" },
    });
    assert.deepEqual(await unprefixed.json(), { signedIn: false, authMode: "api-key" });
    const overHttp = cookieOf(await signIn(proxied.url, key, { "x-forwarded-proto": "http" }));
    assert.ok(!overHttp.attributes.includes("Secure"));
  });
});
