// What the early answers (early-answers.ts) need to know of a start before the configuration is loaded:
// that it is a plain `ai-universe mcp`, and the naming style its tools are listed in. Read as the
// configuration reads them (--tool-names, else AI_UNIVERSE_TOOL_NAMES, else the config file's
// `toolNames`), with nothing but JSON.parse; whatever is unclear (another option, a config file that
// cannot be read, the conformance tools on) leaves the start to the full server, which reports a problem
// as ever.

import { readFileSync } from "node:fs";
import type { ToolNameStyle } from "../application/index.ts";

/**
 * The accepted spellings of each naming style, as the config file's `toolNameStyleNames` has them
 * (`standard` is the earlier name of `dotted`); test/stdio/early-answers.test.ts keeps the two alike.
 */
export const earlyToolNameStyles: Readonly<Record<string, ToolNameStyle>> = {
  portable: "portable",
  dotted: "dotted",
  standard: "dotted",
};

/** The options of `mcp` read here; any other makes the start the full server's alone. */
const knownOptions = ["config", "database", "tool-names"];

/**
 * The naming style a start with command line `argv` lists its tools in, when it is `mcp` with no other
 * option than those above and every setting is clear; undefined otherwise.
 */
export function earlyToolNameStyle(
  argv: readonly string[],
  environment: Record<string, string | undefined>,
): ToolNameStyle | undefined {
  const options = mcpOptions(argv);
  if (!options) return undefined;
  const configPath = options.config || environment.AI_UNIVERSE_CONFIG?.trim() || undefined;
  const file = configPath ? configFileSettings(configPath) : {};
  if (!file || conformanceToolsOn(environment, file.conformanceTools) !== false) return undefined;
  const named = options["tool-names"] || (environment.AI_UNIVERSE_TOOL_NAMES?.trim() ?? file.toolNames);
  if (named === undefined || named === "") return "portable";
  return Object.hasOwn(earlyToolNameStyles, named) ? earlyToolNameStyles[named] : undefined;
}

/** The options of `argv` when it is `mcp` followed by known options only, each given once. */
function mcpOptions(argv: readonly string[]): Record<string, string> | undefined {
  if (argv[0] !== "mcp") return undefined;
  const options: Record<string, string> = {};
  for (let index = 1; index < argv.length; index++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(argv[index] ?? "");
    const name = match?.[1];
    if (!match || !name || !knownOptions.includes(name) || Object.hasOwn(options, name)) return undefined;
    const value = match[2] ?? argv[++index];
    if (value === undefined || (match[2] === undefined && value.startsWith("-"))) return undefined;
    options[name] = value;
  }
  return options;
}

/** The config file's two settings read here; undefined when it cannot be read or either is malformed. */
function configFileSettings(path: string): { toolNames?: string; conformanceTools?: boolean } | undefined {
  let file: unknown;
  try {
    file = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
  if (typeof file !== "object" || file === null || Array.isArray(file)) return undefined;
  const { toolNames, conformanceTools } = file as Record<string, unknown>;
  if (toolNames !== undefined && typeof toolNames !== "string") return undefined;
  if (conformanceTools !== undefined && typeof conformanceTools !== "boolean") return undefined;
  return {
    ...(toolNames === undefined ? {} : { toolNames }),
    ...(conformanceTools === undefined ? {} : { conformanceTools }),
  };
}

/** AI_UNIVERSE_CONFORMANCE_TOOLS, else the file's setting; undefined when the variable is neither on nor off. */
function conformanceToolsOn(
  environment: Record<string, string | undefined>,
  file: boolean | undefined,
): boolean | undefined {
  const text = environment.AI_UNIVERSE_CONFORMANCE_TOOLS?.trim().toLowerCase();
  if (!text) return file ?? false;
  if (["1", "true", "on"].includes(text)) return true;
  if (["0", "false", "off"].includes(text)) return false;
  return undefined;
}
