// The real agent CLIs from npm when their model asks to run a tool that writes or runs a command: the
// provider simulator answers the first request with that tool call in the vendor's own form (Anthropic's
// `tool_use` of Write or Bash for Claude Code; a Responses `function_call` of exec_command, Codex 0.171's
// shell tool, for Codex; Gemini's `functionCall` of write_file or run_shell_command for Gemini CLI) and
// the next, which carries the CLI's refusal, normally. `ai-universe ask --workspace DIR` still ends with
// the answer, the CLI told its model the tool was refused, and nothing was written in the folder the CLI
// ran in: no file the tool would write, no marker the command would make.

import assert from "node:assert/strict";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { SimulatedToolCall } from "../simulator/behaviour.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { promptedJson } from "./support/agent-clis/prompted-json.ts";
import { signedInHome } from "./support/agent-clis/signed-in-home.ts";
import { runCli } from "./support/cli-process.ts";
import { checkout, pathWithThisNode } from "./support/installed-package.ts";

/** Each CLI, a tool call its model makes (`DIR` stands for the working folder), and how its refusal reads. */
const cases: {
  model: string;
  vendor: string;
  tool: (folder: string) => SimulatedToolCall;
  refused: RegExp;
}[] = [
  {
    model: "claude-code",
    vendor: "anthropic",
    tool: (folder) => ({ name: "Write", input: { file_path: join(folder, "written.txt"), content: "x" } }),
    refused: /"tool_result".*No such tool available: Write/,
  },
  {
    model: "claude-code",
    vendor: "anthropic",
    tool: (folder) => ({
      name: "Bash",
      input: { command: `touch ${join(folder, "marker")}`, description: "make a marker" },
    }),
    refused: /"tool_result".*No such tool available: Bash/,
  },
  {
    model: "codex",
    vendor: "openai",
    tool: (folder) => ({
      name: "exec_command",
      input: { cmd: `echo x > ${join(folder, "written.txt")}; touch ${join(folder, "marker")}` },
    }),
    refused: /"function_call_output".*Read-only file system/,
  },
  {
    model: "gemini-cli",
    vendor: "google",
    tool: (folder) => ({
      name: "write_file",
      input: { file_path: join(folder, "written.txt"), content: "x" },
    }),
    refused: /"functionResponse".*"error":"Access denied/,
  },
  {
    model: "gemini-cli",
    vendor: "google",
    tool: (folder) => ({ name: "run_shell_command", input: { command: `touch ${join(folder, "marker")}` } }),
    refused: /"functionResponse".*"error":"Tool \\"run_shell_command\\" not found/,
  },
];

describe("an agent CLI whose model asks to write or run a command", () => {
  let simulator: ProviderSimulator;
  let home: string;
  before(async () => {
    simulator = await startProviderSimulator();
    home = signedInHome(simulator.url);
  });
  after(() => simulator.close());

  for (const { model, vendor, tool, refused } of cases) {
    it(`${model}: refuses ${tool("DIR").name}, answers, and writes nothing in its folder`, async () => {
      const folder = temporaryDirectory(`tool-refusal-${model}`);
      writeFileSync(join(folder, "README.md"), "# a project\n");
      simulator.setDefaultBehaviour({ ...promptedJson(), toolCall: tool(folder) });
      const from = simulator.requests.length;
      const run = await runCli(
        {
          PATH: `${join(checkout, "node_modules/.bin")}:${pathWithThisNode()}`,
          HOME: home,
          DATABASE_URL: join(temporaryDirectory("tool-refusal-store"), "conversations.db"),
          GEMINI_CLI_NO_RELAUNCH: "true",
        },
        [
          "ask",
          "Tidy this project.",
          "--primary",
          model,
          "--max-opinions",
          "0",
          "--workspace",
          folder,
          "--json",
        ],
      );
      assert.equal(run.status, 0, run.stderr);
      const result = JSON.parse(run.stdout) as { primary: { response: string; error?: boolean } };
      assert.equal(result.primary.error, undefined, result.primary.response);
      assert.match(result.primary.response, /^Answer from /);
      const bodies = simulator.requests
        .slice(from)
        .filter((request) => request.provider === vendor)
        .map((request) => JSON.stringify(request.body));
      assert.ok(
        bodies.some((body) => refused.test(body)),
        `${model} sent no refusal of ${tool(folder).name} back to its model`,
      );
      assert.deepEqual(readdirSync(folder), ["README.md"], "the CLI wrote in its folder");
    });
  }
});
