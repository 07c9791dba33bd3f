// Ctrl-C typed at a terminal (tmux's send-keys C-c, which the pane's terminal turns into a SIGINT to its
// whole foreground process group) while bin/ai-universe.js runs on an old system Node, and so runs the
// command on the pinned Node 24 as a child in that group: the launcher passes on no second copy, and
// the command stops cleanly once. `eval` stores its run as stopped, says how to resume it and exits
// 130; a second Ctrl-C during that stop lets it store the run first; `ask` aborts every provider
// request and exits 130. A SIGINT sent to the launcher alone, as a supervisor sends it, still reaches
// the command.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import type { EvaluationList } from "../../src/contract/evaluation.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { requireTool } from "../support/system-tools.ts";
import { runCli } from "./support/cli-process.ts";
import { modelIds } from "./support/e2e-fixture.ts";
import { findOldNode } from "./support/old-node.ts";
import { serverEnvironment } from "./support/server-environment.ts";
import { type PaneExit, startInTmux, type TmuxPane } from "./support/tmux-pane.ts";
import { untilWritten } from "./support/written-text.ts";

const lockHolder = fileURLToPath(new URL("../store/lock-holder.ts", import.meta.url));
const launcher = fileURLToPath(new URL("../../bin/ai-universe.js", import.meta.url));
const evalModels = [modelIds.cerebras, modelIds.grok];

describe("Ctrl-C through the launcher on an old Node", () => {
  let simulator: ProviderSimulator;
  let oldNode = "";
  before(async () => {
    requireTool("tmux");
    oldNode = findOldNode();
    simulator = await startProviderSimulator();
  });
  after(async () => simulator?.close());

  /** A fresh store and a file of three questions for `eval`. */
  async function prepareEvaluation() {
    simulator.reset();
    const { environment, directory, databasePath } = await serverEnvironment(simulator.url, {
      maxRetries: 0,
    });
    const questions = join(directory, "questions.jsonl");
    writeFileSync(
      questions,
      ["2 + 2?", "The capital of France?", "3 squared?"]
        .map((question, index) => JSON.stringify({ id: `q${index + 1}`, question, answer: "x" }))
        .join("\n"),
    );
    const args = ["eval", "--questions", questions, "--models", "cerebras,grok", "--model", "cerebras"];
    return {
      environment: { ...environment, AI_UNIVERSE_STORE_WAIT_SECONDS: "120" },
      args: [...args, "--strategies", "best-single,council", "--concurrency", "1"],
      databasePath,
    };
  }

  /** Runs `eval` in a tmux pane; `whileHeld` runs once its first requests are out (and held). */
  async function evaluationInTmux(whileHeld: (pane: TmuxPane, databasePath: string) => Promise<void>) {
    const { environment, args, databasePath } = await prepareEvaluation();
    const release = simulator.hold(evalModels);
    const pane = await startInTmux([oldNode, launcher, ...args], environment);
    try {
      await simulator.waitForRequests((requests) => requests.length > 0);
      await whileHeld(pane, databasePath);
      return { exit: await pane.exited(), environment };
    } finally {
      release();
      await pane.close();
    }
  }

  /** The run the screen names, with its status in the store. */
  async function storedRun(exit: PaneExit, environment: Record<string, string>) {
    const id = /evaluation (\S+):/.exec(exit.screen)?.[1];
    assert.ok(id, exit.screen);
    const listed = await runCli(environment, ["eval", "--list", "--json"]);
    assert.equal(listed.status, 0, listed.stderr);
    const run = (JSON.parse(listed.stdout) as EvaluationList).runs.find((entry) => entry.id === id);
    return { id, status: run?.status };
  }

  it("stops eval once on Ctrl-C: stored as stopped, the resume command on screen, exit 130", async () => {
    const { exit, environment } = await evaluationInTmux((pane) => pane.sendKeys("C-c"));
    assert.equal(exit.status, 130, exit.screen);
    const run = await storedRun(exit, environment);
    assert.equal(run.status, "stopped");
    assert.match(exit.screen, new RegExp(`Resume it with ai-universe eval --resume ${run.id}\\.`));
    assert.doesNotMatch(exit.screen, /again/, "the command got the one Ctrl-C once");
    assert.ok(
      simulator.requests.every((request) => request.aborted),
      "every held request was aborted",
    );
  });

  it("lets a second Ctrl-C during the stop wait until the run is stored as stopped", async () => {
    const { exit, environment } = await evaluationInTmux(async (pane, databasePath) => {
      // Another program holds the database's write lock, so the stop cannot store the run yet.
      const lock = await holdLock(databasePath);
      try {
        await pane.sendKeys("C-c");
        await simulator.waitForRequests((requests) => requests.every((request) => request.aborted));
        await pane.sendKeys("C-c");
        await pane.shows(/SIGINT again: stopping as soon as the run is stored as stopped/);
      } finally {
        await lock.release();
      }
    });
    assert.equal(exit.status, 130, exit.screen);
    const run = await storedRun(exit, environment);
    assert.equal(run.status, "stopped");
    assert.match(exit.screen, new RegExp(`Resume it with ai-universe eval --resume ${run.id}\\.`));
  });

  it("cancels ask on Ctrl-C: every provider request aborted, exit 130", async () => {
    simulator.reset();
    const { environment } = await serverEnvironment(simulator.url, { maxRetries: 0 });
    const release = simulator.hold([modelIds.cerebras, modelIds.gemini, modelIds.grok]);
    const pane = await startInTmux(
      [oldNode, launcher, "ask", "Stop me", "--models", "gemini,grok"],
      environment,
    );
    try {
      await simulator.waitForRequests((requests) => requests.length >= 3);
      await pane.sendKeys("C-c");
      const exit = await pane.exited();
      assert.equal(exit.status, 130, exit.screen);
      assert.match(exit.screen, /cancelled; every provider call was stopped and nothing was stored/);
      assert.doesNotMatch(exit.screen, /again/);
      await simulator.waitForRequests((requests) => requests.every((request) => request.aborted));
    } finally {
      release();
      await pane.close();
    }
  });

  it("passes a SIGINT sent to the launcher alone on to the command", async () => {
    const { environment, args } = await prepareEvaluation();
    const release = simulator.hold(evalModels);
    const child = spawn(oldNode, [launcher, ...args], {
      env: environment,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    try {
      await simulator.waitForRequests((requests) => requests.length > 0);
      await untilWritten(child.stderr, () => stderr, /evaluation \S+:/, 30_000, "eval");
      child.kill("SIGINT");
      assert.equal(await exited, 130, stderr);
      assert.match(stderr, /Resume it with ai-universe eval --resume/);
    } finally {
      release();
      child.kill("SIGKILL");
    }
  });
});

/** Holds the write lock of the SQLite database at `path` from another process until `release`. */
async function holdLock(path: string): Promise<{ release: () => Promise<void> }> {
  const holder = spawn(process.execPath, [lockHolder, path], { stdio: ["pipe", "pipe", "inherit"] });
  const exited = once(holder, "exit");
  await Promise.race([
    once(holder.stdout, "data"),
    exited.then(([code]) => Promise.reject(new Error(`the lock holder exited with ${code}`))),
  ]);
  return {
    async release() {
      holder.stdin.end();
      await exited;
    },
  };
}
