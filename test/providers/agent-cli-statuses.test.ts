// Which agent CLIs sit on the panels: with no provider key, each found on PATH and signed in; with a key,
// or on a shared server, only those AI_UNIVERSE_AGENT_CLIS names; a missing or signed-out CLI with the
// command that fixes it; and the calling MCP client's own CLI is left off its default panel.

import assert from "node:assert/strict";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { agentCliStatuses, withoutHost } from "../../src/providers/agent-cli-statuses.ts";
import { createEndpointProbe, resolveModelRoster } from "../../src/providers/model-roster.ts";
import { readProviderSettings } from "../../src/providers/provider-environment.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

/** A PATH folder with `commands` (scripts that do nothing) and a home where only Codex is signed in. */
function machine(commands: string[]): Record<string, string> {
  const bin = temporaryDirectory("agent-cli-bin");
  for (const command of commands) {
    writeFileSync(join(bin, command), "#!/bin/sh\n");
    chmodSync(join(bin, command), 0o755);
  }
  const home = temporaryDirectory("agent-cli-home");
  mkdirSync(join(home, ".codex"));
  writeFileSync(join(home, ".codex", "auth.json"), "{}");
  return { PATH: bin, HOME: home };
}

function reasons(statuses: ReturnType<typeof agentCliStatuses>): Record<string, string> {
  return Object.fromEntries(
    statuses.map((status) => [status.entry.name, status.available ? "available" : (status.reason ?? "")]),
  );
}

describe("the agent CLIs offered", () => {
  it("with no key: each found and signed in; the others say how to install or sign in", () => {
    const found = reasons(
      agentCliStatuses({ environment: machine(["codex", "claude"]), keyed: false, shared: false }),
    );
    assert.equal(found.codex, "available");
    assert.match(found["claude-code"] ?? "", /claude is not signed in: run "claude", then type \/login/);
    assert.match(
      found["gemini-cli"] ?? "",
      /gemini is not on PATH: install it with "npm install -g @google\/gemini-cli"/,
    );
  });

  it("with a provider key, or on a shared server, only those AI_UNIVERSE_AGENT_CLIS names", () => {
    const environment = machine(["codex", "claude"]);
    assert.match(
      reasons(agentCliStatuses({ environment, keyed: true, shared: false })).codex ?? "",
      /AI_UNIVERSE_AGENT_CLIS=codex/,
    );
    const shared = reasons(agentCliStatuses({ environment, keyed: false, shared: true }));
    assert.match(
      shared.codex ?? "",
      /shared server offers agent CLIs only when AI_UNIVERSE_AGENT_CLIS names them/,
    );
    const named = reasons(
      agentCliStatuses({
        environment: { ...environment, AI_UNIVERSE_AGENT_CLIS: "codex,claude-code" },
        keyed: true,
        shared: true,
      }),
    );
    assert.equal(named.codex, "available");
    assert.equal(named["claude-code"], "available", "a CLI the operator names is offered, signed in or not");
    assert.match(named["gemini-cli"] ?? "", /not named in AI_UNIVERSE_AGENT_CLIS/);
  });

  it("make the roster when no key is set, saying so; a key leaves them off it", async () => {
    const environment = machine(["codex"]);
    const probe = createEndpointProbe(200);
    const roster = await resolveModelRoster(
      { models: [], providers: readProviderSettings(environment), environment },
      probe,
    );
    assert.deepEqual(
      roster.available.map((entry) => entry.name),
      ["codex"],
    );
    assert.match(roster.notice ?? "", /agent CLIs signed in here answer: codex/);
    const shared = await resolveModelRoster(
      { models: [], providers: readProviderSettings(environment), environment, auth: { mode: "api-key" } },
      probe,
    );
    assert.equal(
      shared.available.some((entry) => entry.name === "codex"),
      false,
    );
  });

  it("leave the calling client's own CLI off, by its clientInfo name", () => {
    const environment = machine(["codex", "claude"]);
    const available = agentCliStatuses({
      environment: { ...environment, AI_UNIVERSE_AGENT_CLIS: "codex,claude-code" },
      keyed: false,
      shared: false,
    })
      .filter((status) => status.available)
      .map((status) => status.entry);
    assert.deepEqual(
      withoutHost(available, "claude-code").map((entry) => entry.name),
      ["codex"],
    );
    assert.deepEqual(
      withoutHost(available, "codex-mcp-client").map((entry) => entry.name),
      ["claude-code"],
    );
    assert.deepEqual(
      withoutHost(available, "cursor").map((entry) => entry.name),
      ["codex", "claude-code"],
    );
  });
});
