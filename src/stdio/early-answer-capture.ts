// Makes the early answers (early-answers.ts) by asking the real server: the one server factory behind
// the SDK's stdio entry, as `ai-universe mcp` serves it, sent the opening requests of every protocol
// revision and naming style. The build writes what it answers into dist/cli (scripts/early-answers.ts),
// so the listing a client gets at start is this code's and never drifts from it; a start from the
// sources, which has no such file, asks it here at run time.

import { createInterface } from "node:readline";
import { PassThrough } from "node:stream";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import { StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
import type { Application, ToolNameStyle } from "../application/index.ts";
import { eraOf, type McpServerFactory, mcpServerFactory } from "../mcp/create-server.ts";
import { version } from "../runtime/version.ts";
import type { Answer, EarlyAnswers } from "./early-answers.ts";
import { envelopeKeys } from "./early-requests.ts";

/** The revisions a 2026-07-28 client may claim on its requests. */
const modernRevisions = ["2026-07-28"];

/** A revision no server supports: what an `initialize` naming one is answered with. */
const unknownRevision = "1970-01-01";

/** The server's answers to the opening requests of every revision, tool names spelled in `style`. */
export async function captureEarlyAnswers(style: ToolNameStyle): Promise<EarlyAnswers> {
  // One factory for every connection, as a running server has: they share its tool catalog.
  const createServer = mcpServerFactory({
    application: neverCalled,
    log: () => {},
    version,
    toolNames: style,
    conformanceTools: false,
  });
  const exchange = (messages: Outgoing[]) => exchangeWith(createServer, messages);
  const legacy = SUPPORTED_PROTOCOL_VERSIONS.filter((revision) => !modernRevisions.includes(revision));
  const initialize: Record<string, Answer> = {};
  const toolsList: Record<string, number> = {};
  const listings: Answer[] = [];
  const listed = (answer: Answer) => {
    const text = JSON.stringify(answer);
    const index = listings.findIndex((known) => JSON.stringify(known) === text);
    return index === -1 ? listings.push(answer) - 1 : index;
  };
  for (const requested of [...legacy, unknownRevision]) {
    const [opened, listing] = await exchange([
      {
        method: "initialize",
        params: {
          protocolVersion: requested,
          capabilities: {},
          clientInfo: { name: "capture", version: "1" },
        },
      },
      { method: "notifications/initialized" },
      { method: "tools/list" },
    ]);
    const negotiated = (opened?.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
    if (!opened || !listing || typeof negotiated !== "string")
      throw new Error(`initialize (${requested}) gave no protocol version`);
    initialize[requested === unknownRevision ? "" : requested] = opened;
    toolsList[negotiated] ??= listed(listing);
  }
  const modern: EarlyAnswers["modern"] = {};
  for (const revision of modernRevisions) {
    const params = {
      _meta: {
        [envelopeKeys.protocolVersion]: revision,
        [envelopeKeys.clientInfo]: { name: "capture", version: "1" },
        [envelopeKeys.clientCapabilities]: {},
      },
    };
    const [discover, listing] = await exchange([
      { method: "server/discover", params },
      { method: "tools/list", params },
    ]);
    if (!discover || !listing) throw new Error(`the ${revision} requests went unanswered`);
    modern[revision] = { discover, toolsList: listed(listing) };
  }
  return { version, style, initialize, toolsList, modern, listings };
}

/** A request or notification to send: an id is added to each request (those the reply list answers). */
interface Outgoing {
  method: string;
  params?: Record<string, unknown>;
}

/**
 * Opens one stdio connection to a new server of `createServer`, sends `messages` in order and returns the
 * answer to each request among them. Throws if one is an error.
 */
async function exchangeWith(createServer: McpServerFactory, messages: Outgoing[]): Promise<Answer[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  const connection = serveStdio((context) => createServer(eraOf(context.era)), {
    transport: new StdioServerTransport(input, output),
  });
  const reader = createInterface({ input: output });
  const lines = reader[Symbol.asyncIterator]();
  const answers: Answer[] = [];
  try {
    for (const [index, message] of messages.entries()) {
      const request = message.method.startsWith("notifications/") ? undefined : index;
      input.write(
        `${JSON.stringify({ jsonrpc: "2.0", ...(request === undefined ? {} : { id: request }), ...message })}\n`,
      );
      if (request === undefined) continue;
      const answer = JSON.parse((await lines.next()).value ?? "null") as Answer;
      if (answer?.id !== request || !("result" in answer))
        throw new Error(`${message.method} was answered with ${JSON.stringify(answer).slice(0, 300)}`);
      answers.push(answer);
    }
  } finally {
    reader.close();
    await connection.close();
  }
  return answers;
}

/** The application of a server that only opens and lists: building the server reads nothing of it. */
const neverCalled = new Proxy({} as Application, {
  get(_target, property) {
    throw new Error(`the early answers are made without an application (it read ${String(property)})`);
  },
});
