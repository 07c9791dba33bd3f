// `ai-universe models --check` and `ai-universe doctor` as a user runs them, against the provider
// simulator: which configured models each key can use, what it can use instead of one it cannot, and a
// rejected key said in one line without the key.

import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { loadConfiguration } from "../../src/configuration/configuration.ts";
import type { ModelEntry } from "../../src/providers/model-entry.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { runCli } from "./support/cli-process.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const run = runCli;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

describe("what each key can use", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let anthropic: ModelEntry[];
  let perplexity: ModelEntry;
  before(async () => {
    simulator = await startProviderSimulator();
    environment = (await serverEnvironment(simulator.url)).environment;
    const models = loadConfiguration({ environment, databaseUrl: ":memory:" }).models;
    anthropic = models.filter((entry) => entry.provider === "anthropic");
    const first = models.find((entry) => entry.provider === "perplexity");
    assert.ok(anthropic.length >= 2 && first, "the catalog has two Anthropic models and a Perplexity one");
    perplexity = first;
  });
  after(async () => simulator?.close());
  beforeEach(() => simulator.reset());

  /** The key can use every Anthropic model but the first, and one more. */
  function withoutFirstAnthropic() {
    const [missing, ...usable] = anthropic as [ModelEntry, ...ModelEntry[]];
    simulator.setListedModels("anthropic", [...usable.map((entry) => entry.modelId), "claude-sim-extra"]);
    return { missing, usable };
  }

  it("models --check shows each model usable or not, naming what the key can use instead", async () => {
    const { missing, usable } = withoutFirstAnthropic();
    const { status, stdout, stderr } = await run(environment, ["models", "--check"]);
    assert.equal(status, 1, stdout + stderr);
    const row = (entry: ModelEntry, rest: string) =>
      new RegExp(`^${literal(entry.name)}\\s+anthropic/${literal(entry.modelId)}\\s+${rest}$`, "m");
    assert.match(
      stdout,
      row(missing, "not usable: not listed for this Anthropic key; it can use [^\\n]*claude-sim-extra"),
    );
    for (const entry of usable) {
      assert.match(stdout, row(entry, "usable: listed for this key"));
      assert.match(stdout, new RegExp(`it can use [^\\n]*${literal(entry.modelId)}`));
    }
    assert.match(
      stdout,
      new RegExp(
        `^${literal(perplexity.name)}\\s+perplexity/\\S+\\s+available, not checked: Perplexity has no model list`,
        "m",
      ),
    );
    assert.match(stdout, new RegExp(`set "modelId" of models\\.${literal(missing.name)} in the config file`));
  });

  it("models --check exits 0 when every key can use its models", async () => {
    const { status, stdout } = await run(environment, ["models", "--check"]);
    assert.equal(status, 0, stdout);
    assert.doesNotMatch(stdout, /not usable/);
  });

  it("doctor reports the same, as problems to fix", async () => {
    const { missing, usable } = withoutFirstAnthropic();
    const { status, stdout } = await run(environment, ["doctor"]);
    assert.equal(status, 1, stdout);
    assert.match(
      stdout,
      new RegExp(
        `^✗ anthropic: model "${literal(missing.name)}" \\(${literal(missing.modelId)}\\) is not listed for this key; it can use [^\\n]*claude-sim-extra[^\\n]*: set "modelId" of models\\.${literal(missing.name)} in the config file$`,
        "m",
      ),
    );
    assert.match(
      stdout,
      new RegExp(
        `^✓ anthropic: the key can use ${usable.map((entry) => literal(entry.modelId)).join(", ")}$`,
        "m",
      ),
    );
    assert.match(stdout, /^- perplexity: Perplexity has no model list/m);
    assert.match(stdout, /^1 problem to fix/m);
  });

  it("a rejected key is one line, without the key", async () => {
    const key = "rejected-key-5555";
    const rejected = { ...environment, ANTHROPIC_API_KEY: key };
    const check = await run(rejected, ["models", "--check"]);
    assert.equal(check.status, 1);
    for (const entry of anthropic) {
      assert.match(
        check.stdout,
        new RegExp(
          `^${literal(entry.name)}\\s+anthropic/\\S+\\s+not usable, not checked: Anthropic rejected the key \\(HTTP 401: Invalid API key\\.\\): check ANTHROPIC_API_KEY$`,
          "m",
        ),
      );
    }
    const doctor = await run(rejected, ["doctor"]);
    assert.equal(doctor.status, 1);
    // Besides the note of where the key and endpoint were read.
    const lines = doctor.stdout
      .split("\n")
      .filter((line) => line.includes("anthropic") && !line.startsWith("- anthropic: key from"));
    assert.equal(lines.length, 1, doctor.stdout);
    assert.match(lines[0] ?? "", /^✗ anthropic: \S+ rejected the key \(HTTP 401\): check ANTHROPIC_API_KEY$/);
    for (const output of [check.stdout, check.stderr, doctor.stdout, doctor.stderr]) {
      assert.ok(!output.includes(key), "the key was printed");
    }
  });

  it("doctor says what to check of a server reached at an address that does not answer, in its vendor's words", async () => {
    const { stdout } = await run({ ...environment, OLLAMA_BASE_URL: "http://127.0.0.1:9" }, ["doctor"]);
    assert.match(
      stdout,
      /^✗ ollama: http:\/\/127\.0\.0\.1:9\/v1\/models did not answer \(\w+\): is Ollama running\?$/m,
    );
    assert.doesNotMatch(stdout, /ollama: no key/);
  });
});
