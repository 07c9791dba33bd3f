// The flags of the commands people type (ask, chat, conversations, history, delete, replay): what they accept,
// the council's among them (--panel, --review, --stance, --rounds, --strategy), web search and
// reasoning, ask's answer-by time, their help, and how their values become command options; and
// --server with its key, which `models` takes too.

import { attachmentLimits } from "../contract/attachment-limits.ts";
import { type ConsultationStrategy, consultationStrategies } from "../contract/consultation-strategies.ts";
import { type ReasoningLevel, reasoningLevels } from "../contract/reasoning-levels.ts";
import { CommandLineError } from "./command-error.ts";
import { insecureKeyTransport } from "./key-transport.ts";
import { numberFlags } from "./number-flag.ts";

/** The terminal commands and their summaries. */
export const terminalCommands = {
  ask: "Ask several models at once and print the synthesis, each opinion, sources and cost",
  chat: "Talk in one conversation, turn by turn, to several models or one",
  conversations: "List your conversations, or find them with --search",
  history: "Print a conversation's messages",
  delete: "Delete a conversation",
  replay: "Ask a stored question again of today's panel, or --models, and show what changed",
} as const;

export type TerminalCommand = keyof typeof terminalCommands;

/** The parseArgs options of the terminal commands. */
export const terminalFlags = {
  models: { type: "string" },
  primary: { type: "string" },
  "max-opinions": { type: "string" },
  "synthesis-model": { type: "string" },
  "max-cost": { type: "string" },
  panel: { type: "string" },
  review: { type: "boolean" },
  stance: { type: "string", multiple: true },
  rounds: { type: "string" },
  strategy: { type: "string" },
  "web-search": { type: "boolean" },
  reasoning: { type: "string" },
  "answer-within": { type: "string" },
  conversation: { type: "string" },
  file: { type: "string", multiple: true },
  diff: { type: "boolean" },
  "host-answer": { type: "string" },
  workspace: { type: "string" },
  json: { type: "boolean" },
  gate: { type: "boolean" },
  quiet: { type: "boolean", short: "q" },
  search: { type: "string" },
  limit: { type: "string" },
  turn: { type: "string" },
  server: { type: "string" },
  "api-key": { type: "string" },
  "allow-insecure-http": { type: "boolean" },
} as const;

const mebibytes = (bytes: number) => `${bytes / 1024 / 1024} MiB`;
/** Help for --server and --api-key, which `models` takes too. */
export const remoteHelp = `  --server URL           Talk to a running ai-universe server instead of the local store
  --api-key KEY          The key for --server (or AI_UNIVERSE_API_KEY)
  --allow-insecure-http  Send the key to an http:// server that is not this machine`;
const json = "  --json                 Print the exact tool result as JSON, nothing else on stdout";
const council = `  --panel NAME           A named panel of models (ai-universe models lists them)
  --review               Council review: every model ranks the others' answers, anonymised
  --stance MODEL=SIDE    The side MODEL argues: for, against or neutral (repeatable)
  --rounds N             Debate rounds, 1 to 3: models see the others' answers and may revise
  --strategy adaptive    Ask the two cheapest models of different vendors first, the rest only
                         when they disagree (full, the default: all at once; auto: chosen
                         from your eval runs, the most accurate per dollar for the question)`;
const answering = `  --web-search           Every model searches the web with its vendor's search and cites sources
  --reasoning LEVEL      How hard reasoning models think: ${reasoningLevels.join(", ")}`;

/** Help for each terminal command's options. */
export const terminalHelp: Record<TerminalCommand, { usage: string; options: string }> = {
  ask: {
    usage: 'ai-universe ask "question" [options]   (or the question on stdin)',
    options: `  --models a,b,c         Secondary models (default: one per other vendor)
  --primary NAME         The primary model
  --max-opinions N       How many secondary opinions (0 = primary only)
  --synthesis-model NAME The model that writes the synthesis
  --max-cost USD         Most the call may cost; dearer models are left out
${council}
${answering}
  --answer-within SECS   Answer within 5 to 3600 s: the synthesis is written from the opinions in by
                         then, and the models still answering are printed as they land
  --conversation ID      Follow up in this conversation
  --file PATH            Attach an image (PNG, JPEG, GIF, WebP), PDF or text file (repeatable;
                         at most ${attachmentLimits.files} files, ${mebibytes(attachmentLimits.fileBytes)} each, ${mebibytes(attachmentLimits.totalBytes)} in all)
  --diff                 Attach the output of git diff as context
  --host-answer FILE     Your own answer, written first: it joins the council as one more opinion,
                         reviewed anonymously, at no cost
  --workspace DIR        Run the agent CLI panelists in DIR, which they may read and never write
                         (e.g. to review a repository); models reached by API ignore it
${json}
  -q, --quiet            Print only the answer: no progress, no opinions
  --gate                 For CI and git hooks: print a short verdict block and exit 0 on GO, 1 on
                         BLOCK, 2 on UNSURE or a degraded verdict, 3 on an error (docs/ci-gate.md)
${remoteHelp}`,
  },
  chat: {
    usage: "ai-universe chat [ID] [options]",
    options: `  --models a,b,c         Secondary models of each second opinion
  --primary NAME         The primary model, and the one model of /one turns
  --max-opinions N       How many secondary opinions
${council}
${answering}
${remoteHelp}`,
  },
  conversations: {
    usage: "ai-universe conversations [--search TEXT] [options]",
    options: `  --search TEXT          Find conversations by words in questions, answers and opinions
  --limit N              How many to show (default 20)
${json}
${remoteHelp}`,
  },
  history: {
    usage: "ai-universe history ID [options]",
    options: `  --limit N              Messages per page (default 50)\n${json}\n${remoteHelp}`,
  },
  delete: { usage: "ai-universe delete ID [options]", options: `${json}\n${remoteHelp}` },
  replay: {
    usage: "ai-universe replay ID [--turn N] [--models a,b,c] [options]",
    options: `  --turn N               Which question to ask again, 1 for the first (default: the last)
  --models a,b,c         The models to ask, the first as primary (default: today's default panel)
${json}
${remoteHelp}`,
  },
};

/** Options of a terminal command, read from the parsed command line. */
export interface TerminalOptions {
  question?: string;
  files: string[];
  diff: boolean;
  /** ask: the file holding the caller's own answer (hostAnswer). */
  hostAnswerFile?: string;
  /** ask: the folder the agent CLI panelists run in and may read (workspace). */
  workspace?: string;
  json: boolean;
  quiet: boolean;
  /** ask: exit with the verdict (gate-verdict.ts), printing a short block a CI log shows well. */
  gate: boolean;
  conversationId?: string;
  search?: string;
  limit?: number;
  /** replay: the turn to ask again, and the models to ask it of. */
  turn?: number;
  models?: string[];
  consultation: Record<string, unknown>;
  server?: string;
  apiKey?: string;
}

/** Reads the terminal options of `command`; throws CommandLineError for bad values. */
export function readTerminalOptions(
  command: TerminalCommand,
  values: Record<string, unknown>,
  positionals: string[],
  environment: Record<string, string | undefined>,
): TerminalOptions {
  const text = (name: string) => values[name] as string | undefined;
  const number = numberFlags(values, command);
  const needsId = command === "history" || command === "delete" || command === "replay";
  if (command === "chat" && positionals.length > 1) {
    throw new CommandLineError(`Unexpected argument "${positionals[1]}".`, command);
  }
  if (needsId && positionals.length !== 1) {
    throw new CommandLineError(
      `${command} needs one conversation id (see ai-universe conversations).`,
      command,
    );
  }
  if ((command === "conversations" && positionals.length > 0) || (command === "ask" && values.search)) {
    throw new CommandLineError(`Unexpected argument "${positionals[0] ?? "--search"}".`, command);
  }
  const models = text("models")
    ?.split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const consultation: Record<string, unknown> = {
    ...(models ? { secondaryModels: models } : {}),
    ...(text("primary") ? { primaryModel: text("primary") } : {}),
    ...(text("synthesis-model") ? { synthesisModel: text("synthesis-model") } : {}),
  };
  const maxOpinions = number("max-opinions", 0, 8);
  if (maxOpinions !== undefined) consultation.maxOpinions = maxOpinions;
  const maxCost = number("max-cost", 0.000001, 1000, false);
  if (maxCost !== undefined) consultation.maxCostUsd = maxCost;
  if (text("panel")) consultation.panel = text("panel");
  if (values.review === true) consultation.review = true;
  const rounds = number("rounds", 1, 3);
  if (rounds !== undefined) consultation.rounds = rounds;
  const strategy = readStrategy(text("strategy"), command);
  if (strategy) consultation.strategy = strategy;
  const stances = readStances((values.stance as string[] | undefined) ?? [], command);
  if (stances) consultation.stances = stances;
  if (values["web-search"] === true) consultation.webSearch = true;
  const reasoning = readReasoning(text("reasoning"), command);
  if (reasoning) consultation.reasoning = reasoning;
  const answerBySeconds = command === "ask" ? number("answer-within", 5, 3600) : undefined;
  if (answerBySeconds !== undefined) consultation.answerWithinSeconds = answerBySeconds;
  const conversationId =
    needsId || command === "chat" ? (positionals[0] ?? text("conversation")) : text("conversation");
  const { server, apiKey } = readRemoteOptions(values, environment, command);
  const limit = number("limit", 1, 200);
  const turn = command === "replay" ? number("turn", 1, 10_000) : undefined;
  return {
    ...(command === "ask" && positionals.length > 0 ? { question: positionals.join(" ") } : {}),
    files: (values.file as string[] | undefined) ?? [],
    diff: values.diff === true,
    ...(command === "ask" && text("host-answer") !== undefined
      ? { hostAnswerFile: text("host-answer") }
      : {}),
    ...(command === "ask" && text("workspace") !== undefined ? { workspace: text("workspace") } : {}),
    json: values.json === true,
    quiet: values.quiet === true,
    gate: command === "ask" && values.gate === true,
    ...(conversationId ? { conversationId } : {}),
    ...(text("search") ? { search: text("search") } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(turn !== undefined ? { turn } : {}),
    ...(command === "replay" && models ? { models } : {}),
    consultation,
    ...(server ? { server } : {}),
    ...(apiKey ? { apiKey } : {}),
  };
}

/** A running server to talk to instead of the local store, and the key to send it. */
export interface RemoteOptions {
  server?: string;
  apiKey?: string;
}

/**
 * Reads --server and --api-key (or AI_UNIVERSE_SERVER and AI_UNIVERSE_API_KEY); throws CommandLineError
 * when the key would cross the network unencrypted and the person did not say the network is trusted.
 */
export function readRemoteOptions(
  values: Record<string, unknown>,
  environment: Record<string, string | undefined>,
  command: string,
): RemoteOptions {
  const server = (values.server as string | undefined) ?? environment.AI_UNIVERSE_SERVER;
  const apiKey = (values["api-key"] as string | undefined) ?? environment.AI_UNIVERSE_API_KEY;
  const insecure =
    server && apiKey
      ? insecureKeyTransport(
          server,
          values["allow-insecure-http"] === true ||
            ["1", "true", "on"].includes(
              environment.AI_UNIVERSE_ALLOW_INSECURE_HTTP?.trim().toLowerCase() ?? "",
            ),
        )
      : undefined;
  if (insecure) throw new CommandLineError(insecure, command);
  return { ...(server ? { server } : {}), ...(apiKey ? { apiKey } : {}) };
}

const sides = ["for", "against", "neutral"];

/** `--stance MODEL=SIDE` flags as the `stances` input; undefined when there are none. */
function readStances(flags: string[], command: TerminalCommand): Record<string, string> | undefined {
  if (flags.length === 0) return undefined;
  const stances: Record<string, string> = {};
  for (const flag of flags) {
    const [model, side, ...rest] = flag.split("=").map((part) => part.trim());
    if (!model || !side || rest.length > 0 || !sides.includes(side)) {
      throw new CommandLineError(
        `--stance "${flag}" is not MODEL=SIDE with SIDE for, against or neutral (e.g. --stance grok=against).`,
        command,
      );
    }
    stances[model] = side;
  }
  return stances;
}

/** `--strategy NAME` as the `strategy` input; undefined when not given. */
function readStrategy(
  name: string | undefined,
  command: TerminalCommand,
): ConsultationStrategy | "auto" | undefined {
  if (name === undefined) return undefined;
  const found = [...consultationStrategies, "auto" as const].find(
    (candidate) => candidate === name.trim().toLowerCase(),
  );
  if (!found) {
    throw new CommandLineError(
      `--strategy "${name}" is not a strategy: use full, adaptive or auto (e.g. --strategy adaptive).`,
      command,
    );
  }
  return found;
}

/** `--reasoning LEVEL` as the `reasoning` input; undefined when not given. */
function readReasoning(level: string | undefined, command: TerminalCommand): ReasoningLevel | undefined {
  if (level === undefined) return undefined;
  const found = reasoningLevels.find((candidate) => candidate === level.trim().toLowerCase());
  if (!found) {
    throw new CommandLineError(
      `--reasoning "${level}" is not a reasoning level: use off, low, medium or high (e.g. --reasoning high).`,
      command,
    );
  }
  return found;
}
