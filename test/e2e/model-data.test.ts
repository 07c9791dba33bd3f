// The model data a user sees from the terminal: the price data's date in `models`, a deprecated model
// flagged by `models` and `doctor`, and refreshed prices used only when the operator turns refresh on.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { findProvider } from "@pydantic/genai-prices";
import { priceProviderIds } from "../../src/pricing/price-data.ts";
import { bundledPriceData } from "../../src/pricing/price-source.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { runCli } from "./support/cli-process.ts";
import { secondOpinionOf } from "./support/e2e-fixture.ts";
import { startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const run = runCli;

describe("model data in the terminal", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let prices: Server;
  let pricesUrl = "";
  let priceRequests = 0;
  before(async () => {
    simulator = await startProviderSimulator();
    environment = (await serverEnvironment(simulator.url)).environment;
    prices = createServer((_request, response) => {
      priceRequests += 1;
      const providers = Object.values(priceProviderIds).map((providerId) => findProvider({ providerId }));
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(providers));
    });
    await new Promise<void>((resolve) => prices.listen(0, "127.0.0.1", resolve));
    pricesUrl = `http://127.0.0.1:${(prices.address() as AddressInfo).port}/data.json`;
  });
  after(async () => {
    await simulator?.close();
    await new Promise<void>((resolve) => prices.close(() => resolve()));
  });

  it("models names the bundled price data and its date, and fetches nothing", async () => {
    const { status, stdout } = await run(environment, ["models"]);
    assert.equal(status, 0);
    assert.match(
      stdout,
      new RegExp(
        `Prices: bundled with @pydantic/genai-prices ${bundledPriceData.version}, ${bundledPriceData.date}`,
      ),
    );
    assert.doesNotMatch(stdout, /DEPRECATED/);
    assert.equal(priceRequests, 0);
  });

  it("models and doctor flag a model the price data marks deprecated", async () => {
    const config = join(temporaryDirectory("deprecated"), "config.json");
    writeFileSync(config, JSON.stringify({ models: { cerebras: { modelId: "llama-3.3-70b" } } }));
    const models = await run(environment, ["models", "--config", config]);
    assert.match(models.stdout, /^cerebras\s+cerebras\/llama-3\.3-70b\s+DEPRECATED \(the vendor retires it/m);
    const json = JSON.parse(
      (await run(environment, ["models", "--config", config, "--format", "json"])).stdout,
    );
    assert.equal(json.models.find((model: { name: string }) => model.name === "cerebras").deprecated, true);
    const doctor = await run(environment, ["doctor", "--config", config]);
    assert.equal(doctor.status, 1);
    assert.match(doctor.stdout, /✗ model cerebras \(cerebras\/llama-3\.3-70b\) is deprecated/);
  });

  it("with AI_UNIVERSE_PRICE_REFRESH, models fetches the published data and says so", async () => {
    const home = temporaryDirectory("refresh");
    const refreshed = {
      ...environment,
      HOME: home,
      XDG_DATA_HOME: join(home, "data"),
      AI_UNIVERSE_PRICE_REFRESH: pricesUrl,
    };
    const { status, stdout } = await run(refreshed, ["models"]);
    assert.equal(status, 0);
    assert.match(
      stdout,
      new RegExp(
        `Prices: fetched ${new Date().toISOString().slice(0, 10)} from ${new URL(pricesUrl).host}\\.\\n`,
      ),
    );
    assert.equal(priceRequests, 1);
    const bad = await run({ ...environment, AI_UNIVERSE_PRICE_REFRESH: "sometimes" }, ["models"]);
    assert.notEqual(bad.status, 0);
    assert.match(bad.stderr, /AI_UNIVERSE_PRICE_REFRESH "sometimes" is not "on", "off" or an https URL/);
  });

  it("a hostile price file leaves the server serving on the data it had, and a restart starts", async () => {
    const hostile = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end('[{"id":"cerebras","models":5}]');
    });
    await new Promise<void>((resolve) => hostile.listen(0, "127.0.0.1", resolve));
    const hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}/data.json?token=secret-token`;
    const setup = await serverEnvironment(simulator.url);
    const refreshing = { ...setup.environment, AI_UNIVERSE_PRICE_REFRESH: hostileUrl };
    try {
      for (const start of ["first", "restart"]) {
        const server = await startHttpServerProcess(refreshing);
        try {
          // The refresh runs in the background from the start: wait until it has been refused.
          let listing = await (await fetch(`${server.url}/api/models`)).json();
          for (let tries = 0; !listing.priceData.refreshError && tries < 300; tries++) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            listing = await (await fetch(`${server.url}/api/models`)).json();
          }
          assert.match(listing.priceData.refreshError, /"cerebras" has no list of models/, start);
          assert.equal(listing.priceData.source, "bundled");
          assert.doesNotMatch(JSON.stringify(listing), /secret-token/, "the URL's token is shown");
          const cerebras = listing.models.find((model: { name: string }) => model.name === "cerebras");
          assert.ok(cerebras.inputPricePerMillion > 0, "cerebras lost its price");
          const client = await connectClient("v2-modern", { transport: "http", url: server.url });
          try {
            const opinion = secondOpinionOf(
              await client.callTool("agent.second_opinion", {
                question: "Still priced?",
                primaryModel: "cerebras",
                secondaryModels: ["grok"],
              }),
            );
            assert.ok((opinion.primary.cost ?? 0) > 0, "the consultation was not priced");
          } finally {
            await client.close();
          }
        } finally {
          await server.stop();
        }
      }
    } finally {
      await new Promise<void>((resolve) => hostile.close(() => resolve()));
    }
  });
});
