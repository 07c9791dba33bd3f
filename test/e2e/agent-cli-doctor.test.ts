// What `ai-universe doctor` and `ai-universe models` say of the real agent CLIs from npm
// (node_modules/.bin), with no provider key: each CLI found, its version (its own `--version`, at the
// version package.json pins), whether it is signed in, how to sign in when not, and the models it offers;
// on a shared server (AI_UNIVERSE_AUTH=api-key), that it offers none unless AI_UNIVERSE_AGENT_CLIS names
// them, and why.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { signedInHome } from "./support/agent-clis/signed-in-home.ts";
import { runCli } from "./support/cli-process.ts";
import { checkout, pathWithThisNode } from "./support/installed-package.ts";

const pinned = JSON.parse(readFileSync(join(checkout, "package.json"), "utf8")).devDependencies as Record<
  string,
  string
>;
const clis = [
  { id: "codex", command: "codex", version: pinned["@openai/codex"], signIn: 'run "codex login"' },
  {
    id: "claude-code",
    command: "claude",
    version: pinned["@anthropic-ai/claude-code"],
    signIn: 'run "claude", then type /login',
  },
  {
    id: "gemini-cli",
    command: "gemini",
    version: pinned["@google/gemini-cli"],
    signIn: 'run "gemini", then choose a sign-in',
  },
];

/** The environment of a run: the CLIs on PATH, `home`, a store, no provider key. */
const environmentOf = (home: string, more: Record<string, string> = {}) => ({
  PATH: `${join(checkout, "node_modules/.bin")}:${pathWithThisNode()}`,
  HOME: home,
  DATABASE_URL: join(temporaryDirectory("agent-cli-doctor"), "conversations.db"),
  GEMINI_CLI_NO_RELAUNCH: "true",
  ...more,
});

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("doctor and models on the agent CLIs from npm", () => {
  it("doctor lists each CLI with its version, signed in, and the models it offers", async () => {
    const { stdout } = await runCli(environmentOf(signedInHome("http://127.0.0.1:9")), ["doctor"]);
    for (const cli of clis) {
      assert.match(
        stdout,
        new RegExp(
          `^✓ ${cli.id}: ${cli.command} .*\\b${literal(cli.version ?? "?")}\\b.* at \\S+/node_modules/\\.bin/${cli.command}, signed in; models default, `,
          "m",
        ),
        stdout,
      );
    }
    assert.doesNotMatch(stdout, /shared server/);
  });

  it("doctor says how to sign in each CLI that is not", async () => {
    const { stdout } = await runCli(environmentOf(temporaryDirectory("empty-home")), ["doctor"]);
    for (const cli of clis) {
      assert.match(
        stdout,
        new RegExp(`^- ${cli.id}: ${cli.command} .* is not signed in: ${literal(cli.signIn)}$`, "m"),
        stdout,
      );
    }
  });

  it("doctor on a shared server says it offers no CLI unless AI_UNIVERSE_AGENT_CLIS names it, and why", async () => {
    const home = signedInHome("http://127.0.0.1:9");
    const shared = await runCli(environmentOf(home, { AI_UNIVERSE_AUTH: "api-key" }), ["doctor"]);
    assert.match(
      shared.stdout,
      /^- agent CLIs: this shared server offers no agent CLI panelist unless AI_UNIVERSE_AGENT_CLIS names it \(e\.g\. AI_UNIVERSE_AGENT_CLIS=codex\): they would run on this machine owner's subscriptions, for every caller$/m,
      shared.stdout,
    );
    const named = await runCli(
      environmentOf(home, { AI_UNIVERSE_AUTH: "api-key", AI_UNIVERSE_AGENT_CLIS: "codex" }),
      ["doctor"],
    );
    assert.match(named.stdout, /^- agent CLIs: this shared server offers only the agent CLIs .* \(codex\)/m);
  });

  it("models shows each CLI's version beside its model", async () => {
    const { status, stdout } = await runCli(environmentOf(signedInHome("http://127.0.0.1:9")), ["models"]);
    assert.equal(status, 0, stdout);
    for (const cli of clis) {
      assert.match(
        stdout,
        new RegExp(
          `^${cli.id}\\s+${cli.id}/default \\(${cli.command} .*\\b${literal(cli.version ?? "?")}\\b.*\\)\\s+available$`,
          "m",
        ),
        stdout,
      );
    }
  });
});
