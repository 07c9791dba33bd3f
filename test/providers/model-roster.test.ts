// Which models a run can use and why the others cannot, with a fake endpoint probe instead of the network.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { loadConfiguration } from "../../src/configuration/configuration.ts";
import {
  createEndpointProbe,
  type EndpointProbe,
  type ModelRoster,
  resolveModelRoster,
} from "../../src/providers/model-roster.ts";

const defaultOllama = "http://127.0.0.1:11434/v1";
const directory = mkdtempSync(join(tmpdir(), "ai-universe-roster-"));
after(() => rmSync(directory, { recursive: true, force: true }));

/** A configuration whose config file adds `models`, read with `environment`. */
function configurationWithModels(models: object, environment: Record<string, string> = {}) {
  const configPath = join(directory, `config-${Object.keys(models).join("-")}.json`);
  writeFileSync(configPath, JSON.stringify({ models }));
  return loadConfiguration({ environment, configPath });
}

/** A probe that answers from `answers` by URL (unlisted URLs refuse the connection) and records its calls. */
function fakeProbe(answers: Record<string, string[]> = {}) {
  const probed: string[] = [];
  const probe: EndpointProbe = async (apiUrl) => {
    probed.push(apiUrl);
    const modelIds = answers[apiUrl];
    return modelIds
      ? { reachable: true, modelIds }
      : { reachable: false, modelIds: [], error: "ECONNREFUSED" };
  };
  return { probe, probed };
}

function reasonOf(roster: ModelRoster, name: string): string | undefined {
  return roster.statuses.find((status) => status.entry.name === name)?.reason;
}

function availableNames(roster: ModelRoster): string[] {
  return roster.available.map((entry) => entry.name);
}

describe("resolveModelRoster", () => {
  it("uses the models whose keys are set, in catalog order, and says how to enable the others", async () => {
    const configuration = loadConfiguration({
      environment: { ANTHROPIC_API_KEY: "sk-ant-123456", GEMINI_API_KEY: "gemini-123456" },
    });
    const roster = await resolveModelRoster(configuration, fakeProbe().probe);
    assert.equal(roster.mode, "configured");
    assert.deepEqual(availableNames(roster), ["claude", "gemini", "claude-haiku", "gemini-flash"]);
    assert.equal(roster.notice, undefined);
    assert.equal(reasonOf(roster, "openai"), "missing key: set OPENAI_API_KEY");
    assert.equal(reasonOf(roster, "grok"), "missing key: set XAI_API_KEY");
    assert.match(
      reasonOf(roster, "ollama") ?? "",
      /^not used while a provider key is set: set OLLAMA_BASE_URL/,
    );
  });

  it("reports an Ollama whose OLLAMA_BASE_URL does not answer as an unreachable endpoint", async () => {
    const configuration = loadConfiguration({
      environment: { OPENAI_API_KEY: "sk-openai-123", OLLAMA_BASE_URL: "http://gpu-box:11434/" },
    });
    const roster = await resolveModelRoster(configuration, fakeProbe().probe);
    assert.equal(roster.mode, "configured");
    const reason = reasonOf(roster, "ollama") ?? "";
    assert.match(reason, /unreachable endpoint/);
    assert.ok(reason.includes("http://gpu-box:11434/v1"), reason);
    assert.ok(reason.includes("ECONNREFUSED"), reason);
  });

  it("names an unreachable endpoint without the user, password or query its URL holds", async () => {
    const configuration = loadConfiguration({
      environment: { OLLAMA_BASE_URL: "http://proxy-user:s3cret-token@gpu-box:11434/?key=k3y-token" },
    });
    const reason = reasonOf(await resolveModelRoster(configuration, fakeProbe().probe), "ollama") ?? "";
    assert.match(reason, /^unreachable endpoint: http:\/\/gpu-box:11434\/\S* \(/);
    assert.doesNotMatch(reason, /s3cret|k3y|proxy-user/);
  });

  it("uses an Ollama at OLLAMA_BASE_URL that answers", async () => {
    const configuration = loadConfiguration({ environment: { OLLAMA_BASE_URL: "http://gpu-box:11434" } });
    const roster = await resolveModelRoster(
      configuration,
      fakeProbe({ "http://gpu-box:11434/v1": ["llama3.2"] }).probe,
    );
    assert.equal(roster.mode, "configured");
    assert.deepEqual(availableNames(roster), ["ollama"]);
  });

  it("falls back to a local Ollama that answers when nothing is configured", async () => {
    const configuration = loadConfiguration({ environment: {} });
    const { probe, probed } = fakeProbe({ [defaultOllama]: ["llama3.2:latest", "Qwen2.5:7b"] });
    const roster = await resolveModelRoster(configuration, probe);
    assert.equal(roster.mode, "ollama");
    assert.deepEqual(probed, [defaultOllama]);
    assert.deepEqual(
      roster.available.map((entry) => [entry.name, entry.provider, entry.modelId, entry.displayName]),
      [
        ["ollama", "ollama", "llama3.2:latest", "llama3.2:latest (local Ollama)"],
        ["ollama-qwen2.5-7b", "ollama", "Qwen2.5:7b", "Qwen2.5:7b (local Ollama)"],
      ],
    );
    assert.ok(roster.notice?.includes("http://127.0.0.1:11434"), roster.notice);
  });

  it("does not report a discovered Ollama model as unavailable too", async () => {
    const configuration = loadConfiguration({ environment: {} });
    const roster = await resolveModelRoster(
      configuration,
      fakeProbe({ [defaultOllama]: ["llama3.2"] }).probe,
    );
    const ollama = roster.statuses.filter((status) => status.entry.name === "ollama");
    assert.deepEqual(
      ollama.map((status) => status.available),
      [true],
      `/health and \`ai-universe models\` list "ollama" as: ${ollama
        .map((status) => (status.available ? "available" : `unavailable (${status.reason})`))
        .join(" and ")}`,
    );
  });

  it("runs on simulated models when nothing is configured and nothing answers", async () => {
    const roster = await resolveModelRoster(loadConfiguration({ environment: {} }), fakeProbe().probe);
    assert.equal(roster.mode, "simulated");
    assert.ok(roster.available.length > 0);
    for (const entry of roster.available) {
      assert.equal(entry.provider, "simulated");
      assert.match(entry.displayName, /simulated/i);
    }
    assert.match(roster.notice ?? "", /SIMULATED/);
    assert.match(roster.notice ?? "", /OPENAI_API_KEY/);
    assert.match(reasonOf(roster, "ollama") ?? "", /^no Ollama answers at http:\/\/127\.0\.0\.1:11434/);
  });

  it("tells how to configure an openai-compatible model that has no baseURL", async () => {
    const configuration = configurationWithModels({ qwen: { provider: "openai-compatible", modelId: "q" } });
    const roster = await resolveModelRoster(configuration, fakeProbe().probe);
    const reason = reasonOf(roster, "qwen") ?? "";
    assert.match(reason, /baseURL/, `reason for qwen: "${reason}"`);
  });

  it("requires the key named by apiKeyEnv before probing an openai-compatible endpoint", async () => {
    const models = {
      lmstudio: {
        provider: "openai-compatible",
        modelId: "q",
        baseURL: "http://127.0.0.1:1234/v1",
        apiKeyEnv: "LMSTUDIO_API_KEY",
      },
    };
    const answers = { "http://127.0.0.1:1234/v1": ["q"] };
    const without = await resolveModelRoster(configurationWithModels(models), fakeProbe(answers).probe);
    assert.equal(reasonOf(without, "lmstudio"), "missing key: set LMSTUDIO_API_KEY");
    const configured = configurationWithModels(models, { LMSTUDIO_API_KEY: "lm-123456" });
    const withKey = await resolveModelRoster(configured, fakeProbe(answers).probe);
    assert.deepEqual(availableNames(withKey), ["lmstudio"]);
  });
});

describe("createEndpointProbe", () => {
  it("counts any HTTP answer as reachable and lists the model ids it names", async () => {
    const requested: string[] = [];
    const fetchFunction = (async (input: string | URL | Request) => {
      requested.push(String(input));
      return Response.json({ data: [{ id: "llama3.2" }, { id: 7 }, {}, { id: "qwen3" }] });
    }) as typeof fetch;
    const probe = createEndpointProbe(1000, fetchFunction);
    assert.deepEqual(await probe("http://127.0.0.1:11434/v1/"), {
      reachable: true,
      modelIds: ["llama3.2", "qwen3"],
    });
    assert.deepEqual(requested, ["http://127.0.0.1:11434/v1/models"]);
  });

  it("counts an error page as reachable with no model ids", async () => {
    const fetchFunction = (async () =>
      new Response("<h1>Unauthorized</h1>", { status: 401 })) as typeof fetch;
    assert.deepEqual(await createEndpointProbe(1000, fetchFunction)("http://box/v1"), {
      reachable: true,
      modelIds: [],
    });
  });

  it("reports a refused connection as unreachable with its error code", async () => {
    const fetchFunction = (async () => {
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("refused"), { code: "ECONNREFUSED" }),
      });
    }) as typeof fetch;
    assert.deepEqual(await createEndpointProbe(1000, fetchFunction)("http://box/v1"), {
      reachable: false,
      modelIds: [],
      error: "ECONNREFUSED",
    });
  });
});
