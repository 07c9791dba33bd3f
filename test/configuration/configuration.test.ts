// Loading the running configuration: built-in defaults, environment overrides, and config files whose
// errors name the file and the field.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { ConfigurationError } from "../../src/configuration/config-file.ts";
import { loadConfiguration } from "../../src/configuration/configuration.ts";
import { defaultDatabasePath } from "../../src/configuration/data-directory.ts";

const directory = mkdtempSync(join(tmpdir(), "ai-universe-configuration-"));
after(() => rmSync(directory, { recursive: true, force: true }));

let fileCount = 0;
/** Writes `content` (JSON-encoded unless already a string) to a fresh file and returns its path. */
function configFile(content: unknown): string {
  fileCount += 1;
  const path = join(directory, `config-${fileCount}.json`);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

/** Asserts that loading `path` fails with a ConfigurationError naming the path and every `fragment`. */
function assertRejected(path: string, ...fragments: string[]): void {
  assert.throws(
    () => loadConfiguration({ environment: {}, configPath: path }),
    (error: unknown) => {
      assert.ok(error instanceof ConfigurationError, `expected a ConfigurationError, got ${String(error)}`);
      for (const fragment of [path, ...fragments]) {
        assert.ok(error.message.includes(fragment), `"${error.message}" lacks "${fragment}"`);
      }
      return true;
    },
  );
}

describe("loadConfiguration without a config file", () => {
  it("uses the documented defaults", () => {
    const configuration = loadConfiguration({ environment: { HOME: "/home/ann" } });
    assert.equal(configuration.defaults.maxOpinions, 3);
    assert.equal(configuration.defaults.modelDeadlineMs, 210_000);
    assert.equal(configuration.toolNames, "portable");
    const gemini = configuration.models.find((entry) => entry.name === "gemini");
    assert.equal(gemini?.modelId, "gemini-3.1-pro-preview");
  });

  it("keeps conversations in the per-user data directory, whatever the working directory", () => {
    const linux = (environment: Record<string, string>) => defaultDatabasePath(environment, "linux");
    assert.equal(linux({ HOME: "/home/ann" }), "/home/ann/.local/share/ai-universe/ai-universe.db");
    assert.equal(
      linux({ HOME: "/home/ann", XDG_DATA_HOME: "/data/ann" }),
      "/data/ann/ai-universe/ai-universe.db",
    );
    assert.equal(
      defaultDatabasePath({ HOME: "/Users/ann" }, "darwin"),
      "/Users/ann/Library/Application Support/ai-universe/ai-universe.db",
    );
    assert.match(
      defaultDatabasePath({ LOCALAPPDATA: "C:/Users/ann/AppData/Local" }, "win32"),
      /AppData.Local.ai-universe.ai-universe\.db$/,
    );
    assert.equal(
      loadConfiguration({ environment: { HOME: "/home/ann", XDG_DATA_HOME: "/data/ann" } }).databaseUrl,
      defaultDatabasePath({ HOME: "/home/ann", XDG_DATA_HOME: "/data/ann" }),
    );
  });

  it("lists tool names in the style the option, AI_UNIVERSE_TOOL_NAMES or the file asks for", () => {
    assert.equal(
      loadConfiguration({ environment: { AI_UNIVERSE_TOOL_NAMES: "dotted" } }).toolNames,
      "dotted",
    );
    assert.equal(
      loadConfiguration({ environment: { AI_UNIVERSE_TOOL_NAMES: "dotted" }, toolNames: "portable" })
        .toolNames,
      "portable",
    );
    assert.equal(
      loadConfiguration({ environment: {}, configPath: configFile({ toolNames: "dotted" }) }).toolNames,
      "dotted",
    );
    assert.throws(
      () => loadConfiguration({ environment: { AI_UNIVERSE_TOOL_NAMES: "dotless" } }),
      (error: Error) =>
        error instanceof ConfigurationError && /portable, dotted, standard/.test(error.message),
    );
  });

  it("still accepts standard, the earlier name of the dotted style", () => {
    assert.equal(loadConfiguration({ environment: {}, toolNames: "standard" }).toolNames, "dotted");
    assert.equal(
      loadConfiguration({ environment: { AI_UNIVERSE_TOOL_NAMES: "standard" } }).toolNames,
      "dotted",
    );
    assert.equal(
      loadConfiguration({ environment: {}, configPath: configFile({ toolNames: "standard" }) }).toolNames,
      "dotted",
    );
  });

  it("offers the conformance suite's test tools only when AI_UNIVERSE_CONFORMANCE_TOOLS or the file asks", () => {
    assert.equal(loadConfiguration({ environment: {} }).conformanceTools, false);
    assert.equal(
      loadConfiguration({ environment: { AI_UNIVERSE_CONFORMANCE_TOOLS: "1" } }).conformanceTools,
      true,
    );
    const on = configFile({ conformanceTools: true });
    assert.equal(loadConfiguration({ environment: {}, configPath: on }).conformanceTools, true);
    assert.equal(
      loadConfiguration({ environment: { AI_UNIVERSE_CONFORMANCE_TOOLS: "off" }, configPath: on })
        .conformanceTools,
      false,
    );
    assert.throws(
      () => loadConfiguration({ environment: { AI_UNIVERSE_CONFORMANCE_TOOLS: "yes please" } }),
      (error: Error) =>
        error instanceof ConfigurationError &&
        /AI_UNIVERSE_CONFORMANCE_TOOLS "yes please" .*set it to 1/.test(error.message),
    );
    assertRejected(configFile({ conformanceTools: "on" }), "conformanceTools");
  });

  it("asks before calls estimated above $0.25 unless AI_UNIVERSE_CONFIRM_ABOVE_USD or the file says otherwise", () => {
    const above = (environment: Record<string, string>, file?: unknown) =>
      loadConfiguration({
        environment,
        ...(file === undefined ? {} : { configPath: configFile({ confirmAboveUsd: file }) }),
      }).confirmAboveUsd;
    assert.equal(above({}), 0.25);
    assert.equal(above({ AI_UNIVERSE_CONFIRM_ABOVE_USD: "1.5" }), 1.5);
    assert.equal(above({ AI_UNIVERSE_CONFIRM_ABOVE_USD: "$2" }), 2);
    assert.equal(above({ AI_UNIVERSE_CONFIRM_ABOVE_USD: "0" }), 0, "0 asks before every call of known cost");
    assert.equal(above({ AI_UNIVERSE_CONFIRM_ABOVE_USD: "off" }), null);
    assert.equal(above({ AI_UNIVERSE_CONFIRM_ABOVE_USD: " OFF " }), null);
    assert.equal(above({}, 0.1), 0.1);
    assert.equal(above({}, "off"), null);
    assert.equal(above({ AI_UNIVERSE_CONFIRM_ABOVE_USD: "0.5" }, "off"), 0.5, "the environment wins");
    for (const text of ["-1", "cheap", "1e400"]) {
      assert.throws(
        () => above({ AI_UNIVERSE_CONFIRM_ABOVE_USD: text }),
        (error: Error) =>
          error instanceof ConfigurationError &&
          error.message.startsWith(
            `AI_UNIVERSE_CONFIRM_ABOVE_USD "${text}" is neither an amount in dollars nor off`,
          ) &&
          error.message.includes("0.25 (the default)"),
        text,
      );
    }
    assertRejected(configFile({ confirmAboveUsd: -1 }), "confirmAboveUsd");
    assertRejected(configFile({ confirmAboveUsd: "never" }), "confirmAboveUsd");
  });

  it("pools 10 PostgreSQL connections per process unless AI_UNIVERSE_DATABASE_POOL_SIZE says otherwise", () => {
    assert.equal(loadConfiguration({ environment: {} }).databasePoolSize, 10);
    assert.equal(
      loadConfiguration({ environment: { AI_UNIVERSE_DATABASE_POOL_SIZE: "4" } }).databasePoolSize,
      4,
    );
    for (const wrong of ["0", "2.5", "many", "5000"]) {
      assert.throws(
        () => loadConfiguration({ environment: { AI_UNIVERSE_DATABASE_POOL_SIZE: wrong } }),
        (error: Error) =>
          error instanceof ConfigurationError &&
          /AI_UNIVERSE_DATABASE_POOL_SIZE .* whole number from 1 to 1000/.test(error.message),
      );
    }
  });

  it("trusts a proxy's X-Forwarded-Proto and guards /metrics only when told to, and names a bad switch", () => {
    const plain = loadConfiguration({ environment: {} }).auth;
    assert.deepEqual([plain.trustProxy, plain.metricsToken], [false, undefined]);
    const told = loadConfiguration({
      environment: { AI_UNIVERSE_TRUST_PROXY: "1", AI_UNIVERSE_METRICS_TOKEN: " token-1 " },
    }).auth;
    assert.deepEqual([told.trustProxy, told.metricsToken], [true, "token-1"]);
    assert.throws(
      () => loadConfiguration({ environment: { AI_UNIVERSE_TRUST_PROXY: "maybe" } }),
      (error: Error) =>
        error instanceof ConfigurationError &&
        /^AI_UNIVERSE_TRUST_PROXY "maybe" is neither on nor off/.test(error.message),
    );
  });

  it("takes the database from DATABASE_URL, and an explicit option over it", () => {
    const environment = { DATABASE_URL: " :memory: " };
    assert.equal(loadConfiguration({ environment }).databaseUrl, ":memory:");
    assert.equal(
      loadConfiguration({ environment, databaseUrl: "/tmp/other.db" }).databaseUrl,
      "/tmp/other.db",
    );
  });
});

describe("loadConfiguration with a config file", () => {
  const valid = {
    models: {
      gemini: { modelId: "gemini-3.8-flash", inputPricePerMillion: 0.3, outputPricePerMillion: 10 },
      qwen: {
        provider: "openai-compatible",
        modelId: "qwen3-32b",
        baseURL: "http://127.0.0.1:1234/v1",
        apiKeyEnv: "LMSTUDIO_API_KEY",
      },
    },
    defaults: { primary: "qwen", maxOpinions: 2 },
  };

  it("overrides a built-in model field and keeps its other fields", () => {
    const configuration = loadConfiguration({ environment: {}, configPath: configFile(valid) });
    const gemini = configuration.models.find((entry) => entry.name === "gemini");
    assert.equal(gemini?.modelId, "gemini-3.8-flash");
    assert.equal(gemini?.inputPricePerMillion, 0.3);
    assert.equal(gemini?.outputPricePerMillion, 10);
    assert.equal(gemini?.provider, "google");
    assert.equal(gemini?.webSearch, true);
    assert.equal(configuration.defaults.maxOpinions, 2);
    assert.equal(configuration.defaults.modelDeadlineMs, 210_000);
  });

  it("adds an openai-compatible model with defaults for the fields it leaves out", () => {
    const configuration = loadConfiguration({ environment: {}, configPath: configFile(valid) });
    const qwen = configuration.models.find((entry) => entry.name === "qwen");
    assert.deepEqual(qwen, {
      name: "qwen",
      provider: "openai-compatible",
      modelId: "qwen3-32b",
      displayName: "qwen3-32b (openai-compatible)",
      contextWindow: 32_768,
      webSearch: false,
      baseURL: "http://127.0.0.1:1234/v1",
      apiKeyEnv: "LMSTUDIO_API_KEY",
    });
    assert.equal(configuration.defaults.primary, "qwen");
  });

  it("starts a new tier from user's limits even when its name is one every object inherits", () => {
    const configuration = loadConfiguration({
      environment: {},
      configPath: configFile({ tiers: { constructor: { requestsPerHour: 7 } } }),
    });
    assert.deepEqual(configuration.tiers.constructor, {
      requestsPerHour: 7,
      requestsPerDay: 20,
      dailyBudgetUsd: 5,
      unpricedModels: "allow",
      agentCliCallsPerDay: 50,
    });
  });

  it("reads the file named by AI_UNIVERSE_CONFIG", () => {
    const path = configFile(valid);
    const configuration = loadConfiguration({ environment: { AI_UNIVERSE_CONFIG: path } });
    assert.ok(configuration.models.some((entry) => entry.name === "qwen"));
  });

  it("prefers an explicit path over AI_UNIVERSE_CONFIG", () => {
    const configuration = loadConfiguration({
      environment: { AI_UNIVERSE_CONFIG: join(directory, "missing.json") },
      configPath: configFile(valid),
    });
    assert.ok(configuration.models.some((entry) => entry.name === "qwen"));
  });
});

describe("loadConfiguration refuses a bad config file", () => {
  it("that cannot be read", () => {
    assertRejected(join(directory, "does-not-exist.json"), "cannot be read");
  });

  it("that is not JSON", () => {
    assertRejected(configFile("{ models: "), "not valid JSON");
  });

  it("with an unknown field", () => {
    assertRejected(configFile({ models: { gemini: { temperature: 0.2 } } }), "models.gemini", "temperature");
    assertRejected(configFile({ default: {} }), "default");
  });

  it("with a field of the wrong type", () => {
    assertRejected(
      configFile({ models: { x: { provider: "openai", modelId: "x", inputPricePerMillion: "cheap" } } }),
      "models.x.inputPricePerMillion",
    );
    assertRejected(configFile({ defaults: { maxOpinions: 9 } }), "defaults.maxOpinions");
    assertRejected(configFile({ models: { x: { provider: "acme", modelId: "x" } } }), "models.x.provider");
  });

  it("with a new model that lacks provider or modelId", () => {
    assertRejected(configFile({ models: { mine: { modelId: "mine-1" } } }), "models.mine", "provider");
    assertRejected(configFile({ models: { mine: { provider: "openai" } } }), "models.mine", "modelId");
  });

  it("with defaults naming an unknown model", () => {
    assertRejected(configFile({ defaults: { primary: "gpt-7" } }), "defaults.primary", "gpt-7");
    assertRejected(
      configFile({ defaults: { secondaries: ["gemini", "nope"] } }),
      "defaults.secondaries.1",
      "nope",
    );
  });
});
