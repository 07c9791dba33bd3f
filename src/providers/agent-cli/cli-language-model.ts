// An agent CLI as an AI SDK language model, so the council, review, debate, budgets, progress and
// cancellation treat it as any other model. A call writes the prompt as one text to the CLI's stdin,
// runs it headless and read-only in a fresh empty folder (removed after) or in a workspace it may read
// (the call's own, given in its provider options by the application, else the operator's), and reads
// its JSON output. A call that wants JSON (a review, the
// synthesis' assessment) gets the schema in its prompt and the JSON in the answer. Calls to one CLI at
// once are limited; the CLI's failures become errors the consultation reports (cli-failure.ts).

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
} from "@ai-sdk/provider";
import { streamOf } from "../generated-stream.ts";
import type { AgentCliSpec, CliAnswer } from "./agent-cli-spec.ts";
import { cliEnvironment } from "./cli-environment.ts";
import { cliCallError, malformedOutput } from "./cli-failure.ts";
import { runCliProcess } from "./cli-process.ts";
import { concurrencyLimit } from "./concurrency-limit.ts";

/** What a CLI model is run with besides its spec. */
export interface CliModelSettings {
  /** Its full path, found on PATH; absent: it is not installed, and each call says so. */
  command: string | undefined;
  modelId: string;
  /** The server's environment; the CLI gets only the part it needs. */
  environment: Record<string, string | undefined>;
  /** A folder it may read (never write); absent: a fresh empty one. */
  workspace?: string | undefined;
  timeoutMs: number;
  maxOutputBytes: number;
  /** Calls to this CLI running at once. */
  concurrency: number;
}

/** The language model of `cli` with `settings`. */
export function createCliLanguageModel(
  provider: string,
  cli: AgentCliSpec,
  settings: CliModelSettings,
): LanguageModelV4 {
  const generate = async (options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> => {
    const answer = await concurrencyLimit(cli.command, settings.concurrency).run(
      () => callCli(provider, cli, settings, options),
      options.abortSignal,
    );
    return {
      content: [{ type: "text", text: answer.text }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: {
        inputTokens: {
          total: answer.inputTokens,
          noCache: undefined,
          cacheRead: answer.cachedInputTokens,
          cacheWrite: undefined,
        },
        outputTokens: { total: answer.outputTokens, text: undefined, reasoning: answer.reasoningTokens },
      },
      warnings: [],
    };
  };
  return {
    specificationVersion: "v4",
    provider,
    modelId: settings.modelId,
    supportedUrls: {},
    doGenerate: generate,
    doStream: async (options) => streamOf(await generate(options)),
  };
}

async function callCli(
  provider: string,
  cli: AgentCliSpec,
  settings: CliModelSettings,
  options: LanguageModelV4CallOptions,
): Promise<CliAnswer> {
  if (!settings.command) {
    throw new Error(
      `${cli.command} is not installed on this machine's PATH: install it with "npm install -g ${cli.packageName}", then sign in: ${cli.signIn}.`,
    );
  }
  const workspace = workspaceOf(options) ?? settings.workspace;
  const empty = workspace ? undefined : mkdtempSync(join(tmpdir(), `ai-universe-${provider}-`));
  try {
    const ended = await runCliProcess({
      command: settings.command,
      arguments: cli.arguments({ modelId: settings.modelId, workspace: empty === undefined }),
      input: promptText(options),
      directory: empty ?? workspace ?? ".",
      environment: cliEnvironment(cli.variables, settings.environment),
      timeoutMs: settings.timeoutMs,
      maxOutputBytes: settings.maxOutputBytes,
      signal: options.abortSignal,
    });
    const read = readOutput(cli, ended.stdout);
    if ("failure" in read) throw await cliCallError(provider, cli, read.failure);
    if (ended.status !== 0 && !read.text) {
      throw await cliCallError(provider, cli, ended.stderr.trim() || `it exited with ${ended.status}`);
    }
    return options.responseFormat?.type === "json" ? { ...read, text: jsonIn(read.text) } : read;
  } finally {
    if (empty) rmSync(empty, { recursive: true, force: true });
  }
}

/** The provider options key under which a call names its workspace (`{ workspace: "/real/path" }`). */
export const cliCallOptions = "agentCli";

/** `model` with every call run in `folder`, which it may read and never write. */
export function inWorkspace(model: LanguageModelV4, folder: string): LanguageModelV4 {
  const given = (options: LanguageModelV4CallOptions): LanguageModelV4CallOptions => ({
    ...options,
    providerOptions: { ...options.providerOptions, [cliCallOptions]: { workspace: folder } },
  });
  return {
    ...model,
    doGenerate: (options) => model.doGenerate(given(options)),
    doStream: (options) => model.doStream(given(options)),
  };
}

function workspaceOf(options: LanguageModelV4CallOptions): string | undefined {
  const folder = options.providerOptions?.[cliCallOptions]?.workspace;
  return typeof folder === "string" && folder ? folder : undefined;
}

function readOutput(cli: AgentCliSpec, stdout: string): ReturnType<AgentCliSpec["read"]> {
  try {
    return cli.read(stdout);
  } catch {
    throw malformedOutput(cli, stdout);
  }
}

/**
 * The whole prompt as one text: the system message, then each turn (named when there are several),
 * then for a structured call the JSON schema the answer must fit.
 */
export function promptText(options: LanguageModelV4CallOptions): string {
  const turns = options.prompt.filter((message) => message.role !== "system");
  const system = options.prompt.flatMap((message) => (message.role === "system" ? [message.content] : []));
  const texts = turns.map((message) => {
    const text = typeof message.content === "string" ? message.content : partsText(message.content);
    return turns.length > 1 ? `${message.role === "user" ? "User" : "Assistant"}: ${text}` : text;
  });
  const format = options.responseFormat;
  const json =
    format?.type === "json"
      ? [
          `Answer with one JSON value only, no other text${format.schema ? `, fitting this JSON schema:\n${JSON.stringify(format.schema)}` : ""}`,
        ]
      : [];
  return [...system, ...texts, ...json].join("\n\n");
}

function partsText(parts: readonly { type: string; text?: string }[]): string {
  return parts
    .map((part) => (part.type === "text" || part.type === "reasoning" ? (part.text ?? "") : ""))
    .join("");
}

/** The JSON value in an answer that may wrap it in a code fence or a sentence; else the answer itself. */
function jsonIn(text: string): string {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)\n```/.exec(text)?.[1];
  if (fenced) return fenced.trim();
  const start = text.search(/[[{]/);
  const end = Math.max(text.lastIndexOf("}"), text.lastIndexOf("]"));
  return start >= 0 && end > start ? text.slice(start, end + 1) : text;
}
