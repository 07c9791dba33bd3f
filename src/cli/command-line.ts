// Parses the command line into a command and its options, with help for every command and errors
// that say what to type instead.

import { parseArgs } from "node:util";
import { seconds } from "../application/index.ts";
import { maxRequestBytes } from "../contract/request-size.ts";
import type { HttpOptions } from "../http/http-server.ts";
import { CommandLineError } from "./command-error.ts";
import { type EvalOptions, evalFlags, evalHelp, readEvalOptions } from "./eval-options.ts";
import { modelsFlags, modelsPanelHelp } from "./models-flags.ts";
import {
  type RemoteOptions,
  readRemoteOptions,
  readTerminalOptions,
  remoteHelp,
  type TerminalCommand,
  type TerminalOptions,
  terminalCommands,
  terminalFlags,
  terminalHelp,
} from "./terminal-options.ts";

/** The commands, with their one-line summaries. */
export const commands = {
  serve: "Serve MCP over Streamable HTTP at http://HOST:PORT/mcp, with GET /health",
  mcp: "Serve MCP over stdio (for Claude Code, Claude Desktop, Cursor, Codex, ...)",
  models: "List the models (for each unavailable one, why) and the panels",
  export: "Write one conversation to stdout as Markdown or JSON",
  keys: "Make, list and revoke API keys (for auth mode api-key)",
  usage: "Show a user's limits, use and spend today, and when each resets",
  doctor: "Check Node, the config file, the store and every provider's key and endpoint",
  eval: "Compare the council with the best single model on a question set, and report",
  ...terminalCommands,
} as const;

/** A command's name. */
export type CommandName = keyof typeof commands;

/** Options of every command (each command reads the ones it needs). */
export interface CommandOptions extends HttpOptions {
  configPath?: string;
  databaseUrl?: string;
  toolNames?: string;
  environment: Record<string, string | undefined>;
  /** For `export`: the conversation, the format and whose conversation it is. */
  conversationId?: string;
  format: "md" | "json" | "text";
  /** For `models`: ask each configured provider which models its key can use. */
  check?: boolean;
  /** For `models --panel`: the default panel's pairs and their error correlations, from the store. */
  panelPairs?: boolean;
  /** For `models`: list a running server's models, as it shows them to the key's user. */
  remote?: RemoteOptions;
  user?: string;
  /** For `eval`: what to run, or to list, and where the report goes. */
  evaluation?: EvalOptions;
  /** For the terminal commands (ask, conversations, history, delete). */
  terminal?: TerminalOptions;
  /** For `keys`: what to do, the key to revoke, and the tier of a new key. */
  keyAction?: "create" | "list" | "revoke";
  keyId?: string;
  tier?: string;
}

/** A parsed command line: a command to run, or text to print (help, version). */
export type Command =
  | { name: CommandName; options: CommandOptions }
  | { name: "help" | "version"; topic?: CommandName };

const common = `  --config PATH          JSON config file (or AI_UNIVERSE_CONFIG)
  -h, --help             Show this help
  -v, --version          Show the version`;
const database =
  "  --database PATH        SQLite file or :memory: (or DATABASE_URL; default: the per-user data directory)";
const toolNames =
  "  --tool-names STYLE     portable (agent_second_opinion, the default) or dotted (agent.second_opinion; also: standard)";

const optionHelp = {
  serve: `${database}
  --host HOST            HTTP address to bind (or HOST; default 127.0.0.1)
  --port PORT            HTTP port (or PORT; default 3000)
  --allowed-hosts LIST   Extra Host names accepted, comma-separated (or AI_UNIVERSE_ALLOWED_HOSTS)
  --allowed-origins LIST Extra browser Origin host names accepted (or AI_UNIVERSE_ALLOWED_ORIGINS)
${toolNames}`,
  mcp: `${database}\n${toolNames}`,
  models: `  --format text|json     Output format (default text; json is the models tool's result)
  --check                Ask each configured provider's model list which models its key can use
                         (one request per provider); exit code 1 when a model the key would be asked
                         for is not among them or the key is rejected, 0 otherwise (also when a
                         provider cannot be checked, such as Perplexity, which has no model list)
${modelsPanelHelp}
${database}
${remoteHelp}`,
  doctor: database,
  export: `${database}
  --format md|json       Output format (default md)
  --user ID              Whose conversation it is (default: the local user)`,
  keys: `${database}
  --user ID              For create: the user the key signs in as (required)
  --tier NAME            For create: the user's tier (default user; see the config file's tiers)`,
  usage: `${database}
  --user ID              Whose usage (default: the local user)
  --tier NAME            The tier to report against (default: the tier of the user's key)
  --format text|json     Output format (default text)`,
  eval: `${database}\n${evalHelp.options}`,
  ...Object.fromEntries(
    Object.entries(terminalHelp).map(([name, help]) => [name, `${database}\n${help.options}`]),
  ),
} as Record<CommandName, string>;

const usages: Partial<Record<CommandName, string>> = {
  export: "ai-universe export ID [options]",
  keys: "ai-universe keys create --user ID [--tier NAME] | keys list | keys revoke KEY_ID",
  eval: evalHelp.usage,
  ...Object.fromEntries(Object.entries(terminalHelp).map(([name, help]) => [name, help.usage])),
};

/** The help text: the overview, or one command's. */
export function helpText(topic?: CommandName): string {
  if (topic) {
    const usage = usages[topic] ?? `ai-universe ${topic} [options]`;
    const options = [optionHelp[topic], common].filter(Boolean).join("\n");
    return `Usage: ${usage}\n\n${commands[topic]}.\n\nOptions:\n${options}\n`;
  }
  const list = Object.entries(commands)
    .map(([name, summary]) => `  ${name.padEnd(14)}${summary}`)
    .join("\n");
  return `Usage: ai-universe <command> [options]\n\nCommands:\n${list}\n\nRun "ai-universe <command> --help" for a command's options.\n\nOptions:\n${common}\n`;
}

export { CommandLineError };

/** Every flag of every command, for `parseArgs` (each command reads the ones it needs). */
const flags = {
  config: { type: "string" },
  database: { type: "string" },
  "tool-names": { type: "string" },
  host: { type: "string" },
  port: { type: "string" },
  "allowed-hosts": { type: "string" },
  "allowed-origins": { type: "string" },
  format: { type: "string" },
  check: { type: "boolean" },
  user: { type: "string" },
  tier: { type: "string" },
  ...terminalFlags,
  ...evalFlags,
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

/** Parses `argv` (without node and script). Throws CommandLineError for bad input. */
export function parseCommandLine(argv: string[], environment: Record<string, string | undefined>): Command {
  const first = argv[0];
  const named = first !== undefined && first in commands ? (first as CommandName) : undefined;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    const options = named === "models" ? modelsFlags(flags) : flags;
    parsed = parseArgs({ args: named ? argv.slice(1) : argv, allowPositionals: true, options });
  } catch (error) {
    throw new CommandLineError(`${(error as Error).message}.`, named);
  }
  const { values, positionals } = parsed;
  if (values.version) return { name: "version" };
  if (values.help) return { name: "help", ...(named ? { topic: named } : {}) };
  if (!named) {
    if (first === undefined) return { name: "help" };
    throw new CommandLineError(`Unknown command "${first}".`);
  }
  const text = (name: string) => values[name] as string | undefined;
  const conversationId = named === "export" ? positionals[0] : undefined;
  if (named === "export" && !conversationId)
    throw new CommandLineError("export needs a conversation id.", named);
  const keys = named === "keys" ? keyCommand(positionals, text("user")) : {};
  const terminal =
    named in terminalCommands
      ? readTerminalOptions(named as TerminalCommand, values, positionals, environment)
      : undefined;
  const evaluation = named === "eval" ? readEvalOptions(values, positionals) : undefined;
  const remote = named === "models" ? readRemoteOptions(values, environment, named) : undefined;
  if (remote?.server && values.check) {
    throw new CommandLineError(
      "--check asks the providers with this machine's keys, so it does not go with --server (or AI_UNIVERSE_SERVER).",
      named,
    );
  }
  if (remote?.server && named === "models" && values.panel) {
    throw new CommandLineError(
      "--panel reads this machine's eval runs, so it does not go with --server (or AI_UNIVERSE_SERVER).",
      named,
    );
  }
  const extra = positionals.slice(
    named === "export" ? 1 : named === "keys" || terminal || evaluation ? positionals.length : 0,
  );
  if (extra.length > 0) throw new CommandLineError(`Unexpected argument "${extra[0]}".`, named);
  const formats = named === "usage" || named === "models" ? ["text", "json"] : ["md", "json"];
  // `eval --format` names a question file's format, which readEvalOptions checks.
  const format = named === "eval" ? formats[0] : (text("format") ?? formats[0]);
  if (!formats.includes(format ?? "")) {
    throw new CommandLineError(`Format "${format}" is not ${formats.join(" or ")}.`, named);
  }
  const optional = (key: keyof CommandOptions, value: string | undefined) => (value ? { [key]: value } : {});
  return {
    name: named,
    options: {
      ...optional("configPath", text("config")),
      ...optional("databaseUrl", text("database")),
      ...optional("toolNames", text("tool-names")),
      ...optional("conversationId", conversationId),
      ...optional("user", text("user")),
      ...optional("tier", text("tier")),
      ...keys,
      ...(terminal ? { terminal } : {}),
      ...(evaluation ? { evaluation } : {}),
      ...(named === "models" && values.check ? { check: true } : {}),
      ...(named === "models" && values.panel ? { panelPairs: true } : {}),
      ...(remote?.server ? { remote } : {}),
      ...httpOptions(text, environment, named),
      environment,
      format: format as CommandOptions["format"],
    },
  };
}

/** The options of the HTTP server, from the command line, else the environment, else the defaults. */
function httpOptions(
  text: (name: string) => string | undefined,
  environment: Record<string, string | undefined>,
  named: CommandName,
): HttpOptions {
  const portText = text("port") ?? environment.PORT ?? "3000";
  const port = Number(portText);
  if (!/^\d+$/.test(portText.trim()) || port > 65_535) {
    throw new CommandLineError(`Port "${portText}" is not a port number (0-65535).`, named);
  }
  return {
    host: text("host") ?? environment.HOST ?? "127.0.0.1",
    port,
    allowedHosts: list(text("allowed-hosts") ?? environment.AI_UNIVERSE_ALLOWED_HOSTS),
    allowedOrigins: list(text("allowed-origins") ?? environment.AI_UNIVERSE_ALLOWED_ORIGINS),
    // Room for the largest attachments a question may carry (10 MiB in base64) and the question.
    maxBodyBytes: maxRequestBytes,
    sessionIdleMs: seconds(environment, "AI_UNIVERSE_SESSION_IDLE_SECONDS", 1800) * 1000,
    requestTimeoutMs: seconds(environment, "AI_UNIVERSE_REQUEST_TIMEOUT_SECONDS", 30) * 1000,
  };
}

function keyCommand(positionals: string[], user: string | undefined): Partial<CommandOptions> {
  const [action, keyId, ...rest] = positionals;
  if (rest.length > 0) throw new CommandLineError(`Unexpected argument "${rest[0]}".`, "keys");
  if (action === "create") {
    if (!user) throw new CommandLineError("keys create needs --user ID.", "keys");
    if (keyId) throw new CommandLineError(`Unexpected argument "${keyId}".`, "keys");
    return { keyAction: "create" };
  }
  if (action === "list") {
    if (keyId) throw new CommandLineError(`Unexpected argument "${keyId}".`, "keys");
    return { keyAction: "list" };
  }
  if (action === "revoke") {
    if (!keyId) throw new CommandLineError("keys revoke needs the key id (aiu_...) from keys list.", "keys");
    return { keyAction: "revoke", keyId };
  }
  throw new CommandLineError(
    action
      ? `Unknown keys action "${action}"; use create, list or revoke.`
      : "keys needs create, list or revoke.",
    "keys",
  );
}

function list(text: string | undefined): string[] {
  return (text ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}
