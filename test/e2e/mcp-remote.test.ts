// mcp-remote (how Claude Desktop reaches a remote MCP server) against a server in mode api-key, driven
// over stdio by the official client as Claude Desktop drives it. Without a key or with a wrong one it
// tries OAuth sign-in; the server's answers make it stop at once and print, on the stderr that Claude
// Desktop logs, why and how to send a key, never the key itself. With a good key it works as a proxy.
// Clients on the SDK v1 auth flow (older mcp-remote releases) get the same refusal.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  registerClient,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { makeApiKey } from "./support/cli-process.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const mcpRemote = fileURLToPath(new URL("../../node_modules/mcp-remote/dist/proxy.js", import.meta.url));

/** The header argument the server's advice gives, which mcp-remote expands from its environment. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote's own ${...} syntax, not a template.
const keyHeader = "Authorization:Bearer ${AI_UNIVERSE_API_KEY}";

/** A running mcp-remote behind a client, and everything it has written to stderr. */
interface Proxied {
  client: Client;
  transport: StdioClientTransport;
  stderr(): string;
}

/** The error_description of the registration refusal mcp-remote printed, if it printed one. */
function registrationRefusal(stderr: string): string | undefined {
  const body = /Dynamic Client Registration rejected \(HTTP 400\): (\{.*\})$/m.exec(stderr)?.[1];
  return body ? (JSON.parse(body) as { error_description?: string }).error_description : undefined;
}

describe("mcp-remote against a server in mode api-key", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let server: ServerProcess;
  const started: Proxied[] = [];

  /**
   * Starts mcp-remote for the server with its own empty home (no token cache from another test), the
   * key in AI_UNIVERSE_API_KEY when given, sent as the advice says; `--auth-timeout` bounds a browser
   * sign-in it should never start.
   */
  const proxy = (key?: string): Proxied => {
    const home = temporaryDirectory("mcp-remote");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [mcpRemote, `${server.url}/mcp`, ...(key ? ["--header", keyHeader] : []), "--auth-timeout", "10"],
      env: {
        PATH: process.env.PATH ?? "",
        HOME: home,
        MCP_REMOTE_CONFIG_DIR: home,
        ...(key ? { AI_UNIVERSE_API_KEY: key } : {}),
      },
      stderr: "pipe",
    });
    const chunks: Buffer[] = [];
    transport.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
    const stderr = () => Buffer.concat(chunks).toString("utf8");
    const proxied = {
      client: new Client({ name: "ai-universe-e2e", version: "1.0.0" }),
      transport,
      stderr,
    };
    started.push(proxied);
    return proxied;
  };

  /** Connects through mcp-remote and expects it to give up by itself, well before the request timeout. */
  const refusedConnection = async (key?: string): Promise<string> => {
    const { client, transport, stderr } = proxy(key);
    await assert.rejects(client.connect(transport, { timeout: 30_000 }), (error: Error) => {
      assert.match(error.message, /Connection closed/, "mcp-remote did not exit by itself");
      return true;
    });
    return stderr();
  };

  before(async () => {
    simulator = await startProviderSimulator();
    const prepared = await serverEnvironment(simulator.url, { maxRetries: 0 });
    environment = { ...prepared.environment, AI_UNIVERSE_AUTH: "api-key" };
    server = await startHttpServerProcess(environment);
  });
  after(async () => {
    for (const { transport } of started) await transport.close().catch(() => {});
    await server?.stop();
    await simulator?.close();
  });

  it("without a key, exits at once and tells the user to send an API key, and how", async () => {
    const stderr = await refusedConnection();
    const description = registrationRefusal(stderr);
    assert.ok(description, `mcp-remote printed no registration refusal:\n${stderr}`);
    assert.match(description, /^No API key was sent\. This server does not use OAuth: it takes an API key\./);
    assert.match(description, /ai-universe keys create --user <you>/);
    assert.ok(description.includes(`--header "${keyHeader}"`), "the advice shows the mcp-remote argument");
    assert.doesNotMatch(stderr, /Waiting for authorization/, "mcp-remote waited for a browser sign-in");
  });

  it("with a wrong key, says the key was refused, and the key appears in no output", async () => {
    const wrong = "aiu_0123456789ab.notTheRightSecretNotTheRightSecretNotTheRigh";
    const stderr = await refusedConnection(wrong);
    const description = registrationRefusal(stderr);
    assert.ok(description, `mcp-remote printed no registration refusal:\n${stderr}`);
    assert.match(description, /^The API key sent was refused: it is not valid or was revoked\./);
    assert.match(description, /does not use OAuth: it takes an API key/);
    const secret = wrong.split(".")[1] ?? wrong;
    assert.ok(!stderr.includes(secret), "mcp-remote printed the key");
    assert.ok(!server.stderr().includes(secret), "the server logged the key");
  });

  it("with a good key, proxies: lists the tools and gets a second opinion matching the seed schema", async () => {
    const key = await makeApiKey(environment, "maya");
    const { client, transport, stderr } = proxy(key);
    await client.connect(transport, { timeout: 30_000 });
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    const secondOpinion = tools.find(
      (name) => name === "agent.second_opinion" || name === "agent_second_opinion",
    );
    assert.ok(secondOpinion, `no second-opinion tool in ${tools.join(", ")}`);
    const result = await client.callTool(
      { name: secondOpinion, arguments: { question: "Is this proxied?", maxOpinions: 1 } },
      undefined,
      { timeout: 60_000 },
    );
    assert.notEqual(result.isError, true, JSON.stringify(result.content));
    assertMatchesSchema("secondOpinion", result.structuredContent);
    assert.ok(!stderr().includes(key.split(".")[1] ?? key), "mcp-remote printed the key");
  });

  it("tells clients on the SDK v1 auth flow the same: no metadata, and a registration refusal", async () => {
    const resource = `${server.url}/mcp`;
    await assert.rejects(discoverOAuthProtectedResourceMetadata(resource), /does not implement/);
    assert.equal(await discoverAuthorizationServerMetadata(server.url), undefined);
    const clientMetadata = { redirect_uris: ["http://localhost:1/callback"], client_name: "test" };
    await assert.rejects(
      registerClient(server.url, { clientMetadata }),
      (error: Error & { errorCode?: string }) => {
        assert.equal(error.errorCode, "invalid_client_metadata");
        assert.match(
          error.message,
          /^No API key was sent\. This server does not use OAuth: it takes an API key\./,
        );
        return true;
      },
    );
    const refused = await fetch(resource, {
      method: "POST",
      headers: { authorization: "Bearer aiu_0123456789ab.wrong", "content-type": "application/json" },
      body: "{}",
    });
    assert.equal(refused.status, 401);
    assert.match(
      refused.headers.get("www-authenticate") ?? "",
      /^Bearer realm="ai-universe", error="invalid_token", error_description="The API key is not valid/,
    );
  });
});
