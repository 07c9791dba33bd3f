// GitHub Copilot CLI from npm (node_modules/.bin/copilot) as a panel model, run for real against the
// provider simulator: its own "bring your own model" variables (COPILOT_PROVIDER_BASE_URL, _TYPE, _API_KEY,
// COPILOT_MODEL, and COPILOT_OFFLINE so it reaches no GitHub server) point it at the simulator's Anthropic
// Messages API, with no provider key of ours. `ai-universe ask --primary copilot` answers through it, paid
// by subscription, the model shown only the read-only tools (view, grep, glob); when its model asks to
// create a file or run a command anyway, Copilot refuses, answers, and writes nothing in its folder.

import assert from "node:assert/strict";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { SimulatedToolCall } from "../simulator/behaviour.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { promptedJson } from "./support/agent-clis/prompted-json.ts";
import { runCli } from "./support/cli-process.ts";
import { checkout, pathWithThisNode } from "./support/installed-package.ts";

interface Opinion {
  model: string;
  response: string;
  error?: boolean;
  billing?: string;
}

describe("GitHub Copilot CLI from npm on a panel, with no provider key", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  before(async () => {
    simulator = await startProviderSimulator();
    environment = {
      PATH: `${join(checkout, "node_modules/.bin")}:${pathWithThisNode()}`,
      HOME: temporaryDirectory("copilot-home"),
      DATABASE_URL: join(temporaryDirectory("copilot-store"), "conversations.db"),
      COPILOT_PROVIDER_BASE_URL: `${simulator.url}/anthropic`,
      COPILOT_PROVIDER_TYPE: "anthropic",
      COPILOT_PROVIDER_API_KEY: "simulated-anthropic",
      COPILOT_MODEL: "claude-sonnet-4-5",
      COPILOT_OFFLINE: "true",
    };
  });
  after(() => simulator.close());

  const ask = (folder: string) =>
    runCli(environment, [
      "ask",
      "Tidy this project.",
      "--primary",
      "copilot",
      "--max-opinions",
      "0",
      "--workspace",
      folder,
      "--json",
    ]);

  it("answers through Copilot, paid by subscription, its model shown only read-only tools", async () => {
    simulator.setDefaultBehaviour(promptedJson());
    const from = simulator.requests.length;
    const run = await ask(temporaryDirectory("copilot-workspace"));
    assert.equal(run.status, 0, run.stderr);
    const { primary } = JSON.parse(run.stdout) as { primary: Opinion };
    assert.equal(primary.error, undefined, primary.response);
    assert.equal(primary.model, "copilot");
    assert.match(primary.response, /^Answer from a CLI's model: /);
    assert.equal(primary.billing, "subscription");
    const asked = simulator.requests.slice(from).filter((request) => request.provider === "anthropic");
    assert.ok(asked.length > 0, "Copilot did not reach the simulator");
    for (const request of asked) {
      const tools = ((request.body as { tools?: { name: string }[] }).tools ?? []).map((tool) => tool.name);
      assert.deepEqual(tools.sort(), ["glob", "grep", "view"]);
    }
  });

  const tools: ((folder: string) => SimulatedToolCall)[] = [
    (folder) => ({ name: "create", input: { path: join(folder, "written.txt"), file_text: "x" } }),
    (folder) => ({
      name: "bash",
      input: { command: `touch ${join(folder, "marker")}`, description: "marker" },
    }),
  ];
  for (const tool of tools) {
    it(`refuses its model's ${tool("DIR").name}, answers, and writes nothing in its folder`, async () => {
      const folder = temporaryDirectory("copilot-tool-refusal");
      writeFileSync(join(folder, "README.md"), "# a project\n");
      simulator.setDefaultBehaviour({ ...promptedJson(), toolCall: tool(folder) });
      const from = simulator.requests.length;
      const run = await ask(folder);
      assert.equal(run.status, 0, run.stderr);
      const { primary } = JSON.parse(run.stdout) as { primary: Opinion };
      assert.equal(primary.error, undefined, primary.response);
      assert.match(primary.response, /^Answer from /);
      const bodies = simulator.requests.slice(from).map((request) => JSON.stringify(request.body));
      assert.ok(
        bodies.some((body) => /"tool_result".*does not exist/.test(body)),
        "Copilot sent no refusal back to its model",
      );
      assert.deepEqual(readdirSync(folder), ["README.md"], "Copilot wrote in its folder");
    });
  }
});
