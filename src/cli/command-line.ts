// Parses the command line into a command and its options, with errors that say what to type instead.

import { parseArgs } from "node:util";

/** Options shared by every command. */
export interface CommandOptions {
  configPath?: string;
  databaseUrl?: string;
  host: string;
  port: number;
  allowedHosts: string[];
  allowedOrigins: string[];
  maxBodyBytes: number;
  environment: Record<string, string | undefined>;
  /** For `export`: the conversation and the output format. */
  conversationId?: string;
  format: "md" | "json";
}

/** A parsed command. */
export type Command = { name: "serve" | "mcp" | "models" | "export" | "help"; options: CommandOptions };

/** The help text. */
export const usage = `Usage: ai-universe <command> [options]

Commands:
  serve     Serve MCP over Streamable HTTP at http://HOST:PORT/mcp (default), with GET /health
  mcp       Serve MCP over stdio (for Claude Code, Claude Desktop, Cursor)
  models    List the models and, for each unavailable one, why
  export ID Write conversation ID to stdout (--format md or json; default md)

Options:
  --config PATH          JSON config file (or AI_UNIVERSE_CONFIG)
  --database PATH        SQLite file or :memory: (or DATABASE_URL; default ./data/ai-universe.db)
  --host HOST            HTTP address to bind (default 127.0.0.1)
  --port PORT            HTTP port (or PORT; default 3000)
  --allowed-hosts LIST   Extra Host names accepted, comma-separated (or AI_UNIVERSE_ALLOWED_HOSTS)
  --allowed-origins LIST Extra browser Origin host names accepted (or AI_UNIVERSE_ALLOWED_ORIGINS)
  --format md|json       Output format of export (default md)
  -h, --help             Show this help
`;

class CommandLineError extends Error {
  constructor(message: string) {
    super(`${message}\n\n${usage}`);
    this.name = "CommandLineError";
  }
}

/** Parses `argv` (without node and script). Throws CommandLineError for bad input. */
export function parseCommandLine(argv: string[], environment: Record<string, string | undefined>): Command {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        config: { type: "string" },
        database: { type: "string" },
        host: { type: "string" },
        port: { type: "string" },
        "allowed-hosts": { type: "string" },
        "allowed-origins": { type: "string" },
        format: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new CommandLineError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const name = values.help ? "help" : (positionals[0] ?? "serve");
  if (!["serve", "mcp", "models", "export", "help"].includes(name)) {
    throw new CommandLineError(`Unknown command "${name}".`);
  }
  const conversationId = name === "export" ? positionals[1] : undefined;
  if (name === "export" && !conversationId) throw new CommandLineError("export needs a conversation id.");
  const format = (values.format as string | undefined) ?? "md";
  if (format !== "md" && format !== "json")
    throw new CommandLineError(`Format "${format}" is not md or json.`);
  const portText = (values.port as string | undefined) ?? environment.PORT ?? "3000";
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new CommandLineError(`Port "${portText}" is not a port number (0-65535).`);
  }
  const list = (text: string | undefined) =>
    (text ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
  const configPath = values.config as string | undefined;
  const databaseUrl = values.database as string | undefined;
  return {
    name: name as Command["name"],
    options: {
      ...(configPath ? { configPath } : {}),
      ...(databaseUrl ? { databaseUrl } : {}),
      host: (values.host as string | undefined) ?? environment.HOST ?? "127.0.0.1",
      port,
      allowedHosts: list(
        (values["allowed-hosts"] as string | undefined) ?? environment.AI_UNIVERSE_ALLOWED_HOSTS,
      ),
      allowedOrigins: list(
        (values["allowed-origins"] as string | undefined) ?? environment.AI_UNIVERSE_ALLOWED_ORIGINS,
      ),
      maxBodyBytes: 1_048_576,
      environment,
      ...(conversationId ? { conversationId } : {}),
      format,
    },
  };
}
