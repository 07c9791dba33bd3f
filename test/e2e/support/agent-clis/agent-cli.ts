// Runs a real agent CLI from npm headless, as a user's machine would: in a home directory and a working
// directory of its own (nothing of this machine's user configuration is read or written), configured with
// the client snippet given, its own model pointed at a scripted agent model on this machine, and asked once
// to get a second opinion. The run is bounded: a CLI still running after its time is killed with its whole
// process group (the MCP server it started included), and the run fails saying so.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { temporaryDirectory } from "../../../support/temporary-directory.ts";
import {
  type AgentModelRequest,
  type ScriptedAgentModel,
  startScriptedAgentModel,
} from "../agent-model/scripted-agent-model.ts";
import type { Snippet } from "../client-snippets.ts";
import { checkout } from "../installed-package.ts";
import { type Invocation, runBounded } from "./bounded-process.ts";

/** What the user asks the agent. */
export const prompt = "Get a second opinion from the ai-universe server on my question.";

/** Where a CLI runs and what it is given. */
export interface AgentSetup {
  /** Its home directory: every configuration it reads or writes is under it. */
  home: string;
  /** Its working directory. */
  directory: string;
  snippet: Snippet;
  /** The environment its snippet gives the MCP server: the snippet's `env` and what the test adds. */
  serverVariables: Record<string, string>;
  /** The scripted model's URL, without a path. */
  modelUrl: string;
  /** The environment every CLI runs with (PATH, TMPDIR). */
  environment: Record<string, string>;
}

/** One agent CLI. */
export interface AgentCli {
  /** As the README names its snippet: "Claude Code", "Codex", "Gemini CLI". */
  name: string;
  /** The npm package, at the version package.json pins. */
  packageName: string;
  version: string;
  /** Its command in node_modules/.bin. */
  binary: string;
  /** Its name for our tool, as its model sees it (a tool in a namespace: `<namespace>/<name>`). */
  toolName: string;
  /** Why it may leave our tool out of what its model is offered, and what in its snippet prevents that. */
  whenNotOffered: string;
  /** Writes its configuration (with the snippet) under `setup.home`; the headless run to start. */
  prepare(setup: AgentSetup, command: string): Promise<Invocation>;
}

/** What one headless run showed. */
export interface AgentRun {
  cli: string;
  status: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
  /** Every request the scripted model received. */
  requests: AgentModelRequest[];
  /** The tools offered to the model before it called ours (Codex: those its tool search found). */
  offered: string[];
  /** The CLI's name for our tool, as the model called it; absent when it was never offered. */
  called?: string;
  /** The text the CLI gave its model as the call's result; absent when none came back. */
  toolResult?: string;
}

/** The CLI's command in this checkout, or an error saying in one line that it is not installed. */
export function commandOf(cli: AgentCli): string {
  const command = join(checkout, "node_modules/.bin", cli.binary);
  if (!existsSync(command)) {
    throw new Error(
      `${cli.name} is not installed here (no node_modules/.bin/${cli.binary}): run "npm ci", which installs ${cli.packageName}@${cli.version}.`,
    );
  }
  return command;
}

/** Runs `cli` headless once with `snippet`, its model scripted to call our tool with `toolArguments`. */
export async function runAgentCli(
  cli: AgentCli,
  options: {
    snippet: Snippet;
    serverVariables: Record<string, string>;
    toolArguments: Record<string, unknown>;
    environment: Record<string, string>;
    timeoutMs?: number;
  },
): Promise<AgentRun> {
  const command = commandOf(cli);
  const model = await startScriptedAgentModel(options.toolArguments);
  try {
    const directory = temporaryDirectory("agent-work");
    const invocation = await cli.prepare(
      {
        home: temporaryDirectory("agent-home"),
        directory,
        snippet: options.snippet,
        serverVariables: options.serverVariables,
        modelUrl: model.url,
        // Its temporary files too are in a directory removed with the test's.
        environment: { ...options.environment, TMPDIR: temporaryDirectory("agent-tmp") },
      },
      command,
    );
    const ended = await runBounded(cli.name, command, invocation, directory, options.timeoutMs ?? 120_000);
    return { cli: cli.name, ...ended, ...seenBy(model) };
  } finally {
    await model.close();
  }
}

function seenBy(model: ScriptedAgentModel) {
  const called = model.called();
  const toolResult = model.toolResult();
  const offered = model.requests.flatMap((request) => request.tools);
  return {
    requests: model.requests,
    offered: [...new Set(offered)],
    ...(called ? { called } : {}),
    ...(toolResult !== undefined ? { toolResult } : {}),
  };
}

/** What `<binary> --version` prints, run in an empty home; throws in one line when the CLI cannot run here. */
export async function versionOf(cli: AgentCli, environment: Record<string, string>): Promise<string> {
  const home = temporaryDirectory("agent-home");
  const { status, stdout, stderr } = await runBounded(
    cli.name,
    commandOf(cli),
    { args: ["--version"], environment: { ...environment, HOME: home } },
    home,
    60_000,
  );
  if (status !== 0) {
    throw new Error(
      `${cli.name} does not run here: "${cli.binary} --version" exited with ${status}: ${stderr.trim()}`,
    );
  }
  return stdout.trim();
}

/**
 * The environment `snippet` gives the MCP server: its `env` as written, a placeholder (a value with "...",
 * as in "sk-...") replaced by the value `added` has for that name, then every other variable of `added`.
 */
export function serverVariablesOf(snippet: Snippet, added: Record<string, string>): Record<string, string> {
  const written = Object.entries(snippet.env).map(([name, value]) => [
    name,
    value.includes("...") ? (added[name] ?? value) : value,
  ]);
  return { ...Object.fromEntries(written), ...withoutNames(added, Object.keys(snippet.env)) };
}

function withoutNames(variables: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(variables).filter(([name]) => !names.includes(name)));
}

/** A run in one line, for a failure or a diagnostic: its exit, time, the requests its model got, its stderr. */
export function describeRun(run: AgentRun): string {
  const counts = new Map<string, number>();
  for (const request of run.requests) {
    const key = `${request.method} ${request.path}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const requests = [...counts].map(([key, count]) => `${key} ×${count}`).join(", ") || "none";
  const stderr = run.stderr.trim().replaceAll("\n", " ").slice(-400);
  return `${run.cli} exited ${run.status} after ${run.seconds.toFixed(1)} s; its model got ${requests}${stderr ? `; stderr: ${stderr}` : ""}`;
}
