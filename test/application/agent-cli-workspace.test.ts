// A consultation's workspace (the folder its agent CLI panelists run in and read), with fake models: a
// caller other than the terminal's own user is refused, before any model is called, unless the operator
// allows folders in AI_UNIVERSE_AGENT_CLI_WORKSPACES and the folder's real path lies inside one, so a
// symbolic link out of a root is refused too; an allowed folder reaches the CLI models' calls as its
// real path, and the models reached by API are not given it.

import assert from "node:assert/strict";
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { localCaller } from "../../src/application/index.ts";
import { ServiceError } from "../../src/contract/service-error.ts";
import { readProviderSettings } from "../../src/providers/provider-environment.ts";
import { consultationFixture, fakeEntries } from "../support/consultation-fixture.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const signal = new AbortController().signal;
const mcp = { client: { via: "mcp" as const, name: "some-agent", takesProgress: false } };
const [priced, ...rest] = fakeEntries;
const cli = { ...rest[0], billing: "subscription" as const } as (typeof fakeEntries)[number];
const question = {
  question: "Review this repository's error handling.",
  primaryModel: priced?.name,
  secondaryModels: [cli.name],
  synthesisModel: priced?.name,
};

function fixtureWith(environment: Record<string, string>) {
  const entries = [priced, cli] as typeof fakeEntries;
  return consultationFixture(entries, {
    providers: { providers: readProviderSettings(environment), models: entries, environment },
  });
}

/** Folders: a root with a project in it, a folder outside it, and a link in the root leading out. */
function folders() {
  const base = temporaryDirectory("workspaces");
  const root = join(base, "root");
  const project = join(root, "project");
  const outside = join(base, "outside");
  mkdirSync(project, { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(base, "file.txt"), "not a folder");
  symlinkSync(outside, join(root, "escape"));
  return { base, root, project, outside, leadingOut: join(root, "escape") };
}

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ServiceError, String(error));
    return error;
  }
  throw new Error("the call was not refused");
}

describe("a consultation's agent CLI workspace", () => {
  it("refuses a workspace when the operator allows none, naming the variable, before any model call", async () => {
    const { project } = folders();
    const { application, models } = fixtureWith({});
    const error = await refusal(
      application.secondOpinion(localCaller, { ...question, workspace: project }, { signal, ...mcp }),
    );
    assert.equal(error.code, "invalid_argument");
    assert.match(
      error.message,
      /no AI_UNIVERSE_AGENT_CLI_WORKSPACES\. Leave workspace out, or ask the operator/,
    );
    assert.equal(models.calls.length, 0, "a model was called");
  });

  it("refuses a folder outside the roots, a link leading out of a root, and a path that is no folder", async () => {
    const { root, outside, leadingOut, base } = folders();
    const { application, models } = fixtureWith({ AI_UNIVERSE_AGENT_CLI_WORKSPACES: `/nonexistent:${root}` });
    const cases: [string, RegExp][] = [
      [outside, /is outside the folders this server allows in AI_UNIVERSE_AGENT_CLI_WORKSPACES/],
      [leadingOut, new RegExp(`\\(really ${realpathSync(outside)}\\) is outside the folders`)],
      [join(base, "file.txt"), /is not a folder\. Name a folder\./],
      [join(root, "absent"), /cannot be read \(ENOENT\)\. Name a folder that exists/],
    ];
    for (const [workspace, message] of cases) {
      const error = await refusal(
        application.secondOpinion(localCaller, { ...question, workspace }, { signal, ...mcp }),
      );
      assert.equal(error.code, "invalid_argument");
      assert.match(error.message, message);
    }
    assert.equal(models.calls.length, 0, "a model was called");
  });

  it("gives a folder inside a root to the CLI models' calls only, as its real path", async () => {
    const { root, project } = folders();
    const { application, models } = fixtureWith({ AI_UNIVERSE_AGENT_CLI_WORKSPACES: root });
    const result = await application.secondOpinion(
      localCaller,
      { ...question, workspace: project },
      { signal, ...mcp },
    );
    assert.equal(result.secondaryOpinions[0]?.error, undefined, result.secondaryOpinions[0]?.response);
    const given = (model: string | undefined) =>
      models.calls.filter((call) => call.model === model).map((call) => call.providerOptions?.agentCli);
    assert.ok(given(cli.modelId).length > 0);
    for (const options of given(cli.modelId)) assert.deepEqual(options, { workspace: realpathSync(project) });
    for (const options of given(priced?.modelId)) assert.equal(options, undefined);
  });

  it("lets the terminal's own user name any readable folder", async () => {
    const { outside } = folders();
    const { application, models } = fixtureWith({});
    await application.secondOpinion(
      localCaller,
      { ...question, workspace: outside },
      {
        signal,
        client: { via: "cli" },
      },
    );
    const options = models.calls.find((call) => call.model === cli.modelId)?.providerOptions?.agentCli;
    assert.deepEqual(options, { workspace: realpathSync(outside) });
  });
});
