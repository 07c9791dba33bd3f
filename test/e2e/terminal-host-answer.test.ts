// `ask --host-answer FILE` against the provider simulator: the answer in the file joins the council
// (the reviewers rank it without being told whose it is), and the terminal shows it as yours, at no
// cost; a missing or empty file is refused in one line before any provider is called.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { runCli } from "./support/cli-process.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const answer = "Keep SQLite until a second node is real.";

describe("ask --host-answer FILE", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let directory: string;

  before(async () => {
    simulator = await startProviderSimulator();
    environment = (await serverEnvironment(simulator.url, { maxRetries: 0 })).environment;
    directory = temporaryDirectory("host-answer");
    writeFileSync(join(directory, "mine.md"), `${answer}\n`);
    writeFileSync(join(directory, "empty.md"), "  \n");
  });
  after(async () => simulator?.close());

  it("puts your answer to the council, reviewed anonymously, and shows it as yours", async () => {
    const from = simulator.requests.length;
    const run = await runCli(
      environment,
      ["ask", "SQLite or PostgreSQL?", "--models", "gemini", "--review", "--host-answer", "mine.md"],
      directory,
    );
    assert.equal(run.status, 0, run.stderr);
    const reviews = simulator.requests
      .slice(from)
      .map((request) => JSON.stringify(request.body))
      .filter((body) => body.includes("You review answers"));
    assert.ok(reviews.length > 0, "no review was asked");
    for (const body of reviews) {
      assert.ok(body.includes(answer), "a reviewer did not see your answer");
      assert.doesNotMatch(body, /\bhost\b|calling agent/i);
    }
    assert.match(
      run.stdout,
      /^✓ host \(The calling agent\) your own answer \(--host-answer\), no provider call\n\n.*Keep SQLite until a second node is real\./m,
    );
  });

  it("refuses a missing or empty file in one line, without calling a model", async () => {
    const from = simulator.requests.length;
    const cases: [string, RegExp][] = [
      ["absent.md", /Cannot read --host-answer absent\.md: ENOENT\. Give the file holding your answer\./],
      [
        "empty.md",
        /--host-answer empty\.md is empty\. Write your answer in it first, or leave --host-answer out\./,
      ],
    ];
    for (const [file, message] of cases) {
      const run = await runCli(environment, ["ask", "Which?", "--host-answer", file], directory);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, new RegExp(`^ai-universe: ${message.source}.*\\n$`));
      assert.equal(run.stdout, "");
    }
    assert.equal(simulator.requests.length, from, "a provider was called");
  });
});
