// Who learns where prices come from, and why a refresh failed, on a server with accounts. The refresh URL
// carries a user, a password and a query token, and its file prices every model at zero, so it is
// refused: the server keeps pricing on the bundled data, and says why in its log and, to its own user (a
// key of the local tier), in /health and the models listing. An ordinary user's key gets none of it (the
// refresh's host, its error, where each provider key was read) on any front door: the `models` tool,
// the page's /api/models, /health, and `ai-universe models --server`. Nothing anywhere shows the URL's
// credentials or query.

import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { findProvider } from "@pydantic/genai-prices";
import { priceProviderIds } from "../../src/pricing/price-data.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { makeApiKey, runCli } from "./support/cli-process.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

/** Every vendor's bundled data with every price zero. */
function zeroPrices(): unknown[] {
  const zero = (prices: Record<string, unknown>) =>
    Object.fromEntries(Object.keys(prices).map((key) => [key, 0]));
  return Object.values(priceProviderIds).map((providerId) => {
    const provider = findProvider({ providerId });
    assert.ok(provider, providerId);
    return {
      ...provider,
      models: provider.models.map((entry) => ({
        ...entry,
        prices: Array.isArray(entry.prices)
          ? entry.prices.map((conditional) => ({ ...conditional, prices: zero(conditional.prices) }))
          : zero(entry.prices),
      })),
    };
  });
}

const secrets = /TOKEN-789|QUERY-012|ops:/;
const operatorOnly = ["refreshHost", "refreshError"];

describe("the price refresh's host and errors on a server with accounts", () => {
  let simulator: ProviderSimulator;
  let prices: Server;
  let priceHost = "";
  let server: ServerProcess;
  let userKey = "";
  let operatorKey = "";
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  before(async () => {
    simulator = await startProviderSimulator();
    prices = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(zeroPrices()));
    });
    await new Promise<void>((resolve) => prices.listen(0, "127.0.0.1", resolve));
    priceHost = `127.0.0.1:${(prices.address() as AddressInfo).port}`;
    const { environment } = await serverEnvironment(simulator.url);
    const team = {
      ...environment,
      AI_UNIVERSE_AUTH: "api-key",
      AI_UNIVERSE_PRICE_REFRESH: `http://ops:TOKEN-789@${priceHost}/zero.json?key=QUERY-012`,
    };
    userKey = await makeApiKey(team, "ann");
    operatorKey = await makeApiKey(team, "operator", "local");
    server = await startHttpServerProcess(team);
    // The refresh runs in the background from the start; the log says when it has been refused.
    await server.says(/price data refresh failed/);
  });
  after(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => prices?.close(() => resolve()));
    await simulator?.close();
  });

  /** The `models` tool's result for `key`. */
  async function modelsTool(key: string): Promise<Record<string, unknown>> {
    const client = await connectClient("v2-modern", {
      transport: "http",
      url: server.url,
      headers: bearer(key),
    });
    try {
      const result = await client.callTool("models", {});
      assert.ok(!result.isError, JSON.stringify(result.content));
      return result.structuredContent ?? {};
    } finally {
      await client.close();
    }
  }

  const getJson = async (path: string, key: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: bearer(key) });
    assert.equal(response.status, 200, path);
    return (await response.json()) as Record<string, unknown> & { priceData: Record<string, unknown> };
  };

  it("keeps the data in use and logs why, without the URL's credentials or query", () => {
    assert.match(
      server.stderr(),
      /price data refresh failed, so prices stay those of the bundled data of \d{4}-\d{2}-\d{2}: Price data from 127\.0\.0\.1:\d+ was refused: it prices \S+ model \S+, which is in use, at \$0 per million/,
    );
    assert.doesNotMatch(server.stderr(), secrets);
  });

  it("tells an ordinary user's key nothing of it on the models tool, /api/models and /health", async () => {
    const tool = await modelsTool(userKey);
    const page = await getJson("/api/models", userKey);
    const health = await getJson("/health", userKey);
    for (const [door, answer] of [
      ["the models tool", tool],
      ["/api/models", page],
      ["/health", health],
    ] as const) {
      const priceData = answer.priceData as Record<string, unknown>;
      assert.deepEqual(Object.keys(priceData).sort(), ["date", "packageVersion", "source"], door);
      assert.equal(priceData.source, "bundled", door);
      assert.equal(answer.keys, undefined, door);
      const text = JSON.stringify(answer);
      assert.ok(!text.includes(priceHost), `${door} names the refresh's host`);
      assert.doesNotMatch(text, secrets, door);
    }
    const priced = (page.models as { inputPricePerMillion: number | null }[]).filter(
      (model) => (model.inputPricePerMillion ?? 0) > 0,
    );
    assert.ok(priced.length > 0, "the refused file made the models free");
  });

  it("tells an ordinary user's key nothing of it in ai-universe models --server", async () => {
    // A person's own machine: no provider key, no refresh of its own.
    const laptop = { PATH: process.env.PATH ?? "", HOME: temporaryDirectory("laptop") };
    const remote = ["models", "--server", server.url, "--api-key", userKey];
    const json = await runCli(laptop, [...remote, "--format", "json"]);
    assert.equal(json.status, 0, json.stderr);
    const listing = JSON.parse(json.stdout) as {
      models: { available: boolean }[];
      priceData: Record<string, unknown>;
      keys?: unknown;
    };
    assert.ok(
      listing.models.some((model) => model.available),
      "the listing is not the server's (whose models are available)",
    );
    assert.deepEqual(Object.keys(listing.priceData).sort(), ["date", "packageVersion", "source"]);
    assert.equal(listing.keys, undefined);
    const text = await runCli(laptop, remote);
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /^Prices: bundled with @pydantic\/genai-prices \S+, \d{4}-\d{2}-\d{2}\.$/m);
    for (const output of [json.stdout, text.stdout, json.stderr, text.stderr]) {
      assert.ok(!output.includes(priceHost), "the CLI names the refresh's host");
      assert.doesNotMatch(output, /refresh failed|TOKEN-789|QUERY-012/);
    }
  });

  it("tells the server's own user (a key of the local tier) why, in /health and the models tool", async () => {
    const health = await getJson("/health", operatorKey);
    const tool = await modelsTool(operatorKey);
    for (const [door, answer] of [
      ["/health", health],
      ["the models tool", tool],
    ] as const) {
      const priceData = answer.priceData as Record<string, string>;
      for (const field of operatorOnly) assert.ok(priceData[field], `${door} leaves out ${field}`);
      assert.equal(priceData.refreshHost, priceHost, door);
      assert.match(priceData.refreshError ?? "", /was refused: it prices .* at \$0 per million/, door);
      assert.doesNotMatch(JSON.stringify(answer), secrets, door);
    }
    assert.ok(Array.isArray(tool.keys), "the models tool leaves out where each key was read");
  });
});
