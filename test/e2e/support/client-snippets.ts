// The client snippets of the documentation as the tests read them: a bold client name, then a code block that
// starts the stdio server (a JSON `mcpServers`/`servers` entry, a Codex TOML table, or a `claude mcp add`
// command line), with the command, arguments and environment it gives the server. A snippet of a clone names
// `/path/to/ai-universe`, read as this checkout.

import assert from "node:assert/strict";
import { documentationPages, repositoryRoot } from "../../support/documentation-pages.ts";

const repository = repositoryRoot.replace(/\/$/, "");

/** One client snippet of the documentation. */
export interface Snippet {
  client: string;
  /** The page it is on, e.g. `README.md`. */
  page: string;
  /** The code block as written. */
  block: string;
  /** The code block's language: `json`, `toml` or `sh`. */
  language: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** The stdio server each client snippet of the documentation starts, page by page. */
export function snippets(): Snippet[] {
  return documentationPages().flatMap((page) => snippetsOf(page.path, page.text));
}

/** The client snippets of one page: a bold client name, then a code block that starts the server. */
export function snippetsOf(page: string, markdown: string): Snippet[] {
  const blocks = [...markdown.matchAll(/\*\*([^*\n]+)\*\*[^\n]*\n\n```(\w+)\n([\s\S]*?)```/g)];
  const found: Snippet[] = [];
  for (const [, client = "", language = "", body = ""] of blocks) {
    const text = body.replaceAll("/path/to/ai-universe", repository);
    const snippet = { client, page, block: body, language };
    if (language === "json" && /"(mcpServers|servers)"/.test(text)) {
      const parsed = JSON.parse(text);
      const server = (parsed.mcpServers ?? parsed.servers)["ai-universe"];
      if (parsed.servers) assert.equal(server.type, "stdio", `${client}: VS Code's servers need a type`);
      found.push({ ...snippet, command: server.command, args: server.args, env: server.env ?? {} });
    } else if (language === "toml") {
      const value = (key: string) =>
        JSON.parse(text.match(new RegExp(`^${key} = (.*)$`, "m"))?.[1] ?? "null");
      const env = Object.fromEntries(
        [...(text.match(/^env = \{(.*)\}$/m)?.[1] ?? "").matchAll(/"(\w+)" = "([^"]*)"/g)].map((pair) => [
          pair[1],
          pair[2],
        ]),
      );
      found.push({ ...snippet, command: value("command"), args: value("args"), env });
    } else if (language === "sh" && text.includes("claude mcp add ai-universe")) {
      const words = commandWords(text);
      const separator = words.indexOf("--");
      const env = Object.fromEntries(
        words.flatMap((word, index) =>
          words[index - 1] === "--env" ? [word.split("=") as [string, string]] : [],
        ),
      );
      const [command = "", ...args] = words.slice(separator + 1);
      found.push({ ...snippet, command, args, env });
    }
  }
  return found;
}

/** The words of a one-command shell block (continued lines joined), as the shell splits them unquoted. */
export function commandWords(block: string): string[] {
  return block.replace(/\\\n/g, " ").trim().split(/\s+/);
}

/** Every code block of a page that configures or starts the stdio server, in whatever layout it is written. */
export function serverBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```\w*\n([\s\S]*?)^```/gm)]
    .map(([, body = ""]) => body)
    .filter((body) => /mcpServers|"servers"|\[mcp_servers|claude mcp add ai-universe/.test(body));
}
