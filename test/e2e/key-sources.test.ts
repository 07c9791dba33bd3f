// `ai-universe doctor` and `ai-universe models` as a user runs them, against the provider simulator:
// where each key and endpoint was read (a variable, a config file entry), that a key and base URL are
// likely Claude Code's own when Claude Code started the process (CLAUDECODE=1), a base URL as its host
// alone, and a warning when every available model is of one vendor's family. Never a key.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { ModelListing } from "../../src/contract/models.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { runCli } from "./support/cli-process.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const key = "sk-ant-inherited-7777";

describe("where keys come from, in doctor and models", () => {
  let simulator: ProviderSimulator;
  let host: string;
  before(async () => {
    simulator = await startProviderSimulator();
    host = new URL(simulator.url).host;
  });
  after(async () => simulator?.close());

  /** A fresh environment with no provider variable: the config file, the database, PATH and HOME. */
  async function bare(): Promise<{ environment: Record<string, string>; directory: string }> {
    const { environment, directory } = await serverEnvironment(simulator.url);
    const { PATH = "", HOME = "", AI_UNIVERSE_CONFIG = "", DATABASE_URL = "" } = environment;
    return { environment: { PATH, HOME, AI_UNIVERSE_CONFIG, DATABASE_URL }, directory };
  }

  it("names each key's variable and each endpoint's host, and a model's own from the config file", async () => {
    const { environment, directory } = await serverEnvironment(simulator.url);
    const configPath = join(directory, "studio.json");
    writeFileSync(
      configPath,
      JSON.stringify({
        models: {
          studio: {
            provider: "openai-compatible",
            modelId: "qwen3",
            baseURL: `${simulator.url}/openai/v1`,
            apiKeyEnv: "STUDIO_API_KEY",
          },
        },
      }),
    );
    const withStudio = { ...environment, AI_UNIVERSE_CONFIG: configPath, STUDIO_API_KEY: "studio-key-31337" };
    const doctor = await runCli(withStudio, ["doctor"]);
    assert.equal(doctor.status, 0, doctor.stdout + doctor.stderr);
    assert.match(
      doctor.stdout,
      new RegExp(
        `^- openai: key from OPENAI_API_KEY in the environment; endpoint ${host} from OPENAI_BASE_URL in the environment$`,
        "m",
      ),
    );
    assert.match(doctor.stdout, /^- google: key from GEMINI_API_KEY in the environment; endpoint /m);
    assert.match(
      doctor.stdout,
      new RegExp(
        `^- model studio \\(openai-compatible\\): key from STUDIO_API_KEY in the environment \\(named by models\\.studio\\.apiKeyEnv in ${configPath}\\); endpoint ${host} from models\\.studio\\.baseURL in ${configPath}$`,
        "m",
      ),
    );
    assert.doesNotMatch(doctor.stdout, /^!/m, "no agent passed anything on, and the models span families");
    assert.match(doctor.stdout, /^All is well\.$/m);

    const models = await runCli(withStudio, ["models"]);
    assert.equal(models.status, 0, models.stderr);
    assert.match(models.stdout, /^Keys and endpoints \(where each was read; never the key itself\):$/m);
    assert.match(models.stdout, /^anthropic\s+key from ANTHROPIC_API_KEY in the environment; endpoint /m);
    assert.match(
      models.stdout,
      /^model studio \(openai-compatible\)\s+key from STUDIO_API_KEY in the environment/m,
    );
    for (const output of [doctor.stdout, doctor.stderr, models.stdout, models.stderr]) {
      assert.ok(
        !output.includes("studio-key-31337") && !output.includes("test-key-0001"),
        "a key was printed",
      );
    }
  });

  it("doctor says a key and base URL are likely Claude Code's own, and warns of one family", async () => {
    const { environment } = await bare();
    const fromClaudeCode = {
      ...environment,
      CLAUDECODE: "1",
      ANTHROPIC_API_KEY: key,
      ANTHROPIC_BASE_URL: `${simulator.url}/anthropic/v1`,
    };
    const { status, stdout, stderr } = await runCli(fromClaudeCode, ["doctor"]);
    assert.equal(status, 0, stdout + stderr);
    assert.match(
      stdout,
      new RegExp(
        `^- anthropic: key from ANTHROPIC_API_KEY in the environment, likely passed on by Claude Code; endpoint ${host} from ANTHROPIC_BASE_URL in the environment, likely passed on by Claude Code$`,
        "m",
      ),
    );
    assert.match(
      stdout,
      new RegExp(
        `^! anthropic: Claude Code started this process \\(CLAUDECODE=1\\) and passes its own environment on to what it starts, MCP servers included: unless the "env" of ai-universe's entry in its MCP settings sets ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL, they are likely Claude Code's own, and ai-universe bills that key and sends its Anthropic calls to ${host}\\.`,
        "m",
      ),
    );
    assert.match(
      stdout,
      /^! every available model is of one family, Anthropic Claude \([^)]*claude[^)]*\): a second opinion needs another vendor's model; set OPENAI_API_KEY or GEMINI_API_KEY$/m,
    );
    assert.match(stdout, /^Nothing to fix; 2 warnings to read \(marked !\)\.$/m);
    assert.ok(!stdout.includes(key) && !stderr.includes(key), "the key was printed");
  });

  it("models and doctor show a base URL without its credentials or query, in text and JSON", async () => {
    const { environment } = await bare();
    const withSecrets = {
      ...environment,
      CLAUDECODE: "1",
      ANTHROPIC_API_KEY: key,
      ANTHROPIC_BASE_URL:
        "https://proxy-user:proxy-password@llm-proxy.example.com:8443/anthropic?token=query-secret",
    };
    const text = await runCli(withSecrets, ["models"]);
    assert.equal(text.status, 0, text.stderr);
    assert.match(
      text.stdout,
      /^anthropic\s+key from ANTHROPIC_API_KEY in the environment, likely passed on by Claude Code; endpoint llm-proxy\.example\.com:8443 from ANTHROPIC_BASE_URL/m,
    );
    assert.match(text.stdout, /^anthropic: Claude Code started this process \(CLAUDECODE=1\)/m);
    const json = await runCli(withSecrets, ["models", "--format", "json"]);
    const listing = JSON.parse(json.stdout) as ModelListing;
    assert.deepEqual(listing.keys?.[0]?.endpoint, {
      host: "llm-proxy.example.com:8443",
      variable: "ANTHROPIC_BASE_URL",
      passedOnBy: { agent: "Claude Code", marker: "CLAUDECODE=1" },
    });
    // doctor asks the endpoint and names it without them (its model list is not found under the query).
    const doctor = await runCli(
      {
        ...withSecrets,
        ANTHROPIC_BASE_URL: `http://proxy-user:proxy-password@${host}/anthropic/v1?token=query-secret`,
      },
      ["doctor"],
    );
    assert.match(
      doctor.stdout,
      new RegExp(`^✓ anthropic: key set, http://${host}/anthropic/v1 answered HTTP 404`, "m"),
    );
    assert.match(
      doctor.stdout,
      new RegExp(`^- anthropic: cannot check [^\\n]*\\(http://${host}/anthropic/v1 answered`, "m"),
    );
    assert.match(
      doctor.stdout,
      new RegExp(`^- anthropic: key from [^\\n]*; endpoint ${host} from ANTHROPIC_BASE_URL`, "m"),
    );
    for (const output of [text.stdout, text.stderr, json.stdout, json.stderr, doctor.stdout, doctor.stderr]) {
      assert.doesNotMatch(output, /proxy-user|proxy-password|query-secret|sk-ant-inherited/);
    }
  });
});
