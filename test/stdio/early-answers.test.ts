// The early answers of a stdio start, in process: every request they answer, however a client words it,
// gets the answer the server gives the same request; whatever the server might answer otherwise is left
// to it; the connection hands the server every byte and leaves out its second answer to a request
// answered early; and the naming style is read as the configuration reads it, or not at all.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { before, describe, it } from "node:test";
import { StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
import type { ToolNameStyle } from "../../src/application/index.ts";
import { toolNameStyleNames } from "../../src/configuration/config-file.ts";
import { eraOf, mcpServerFactory } from "../../src/mcp/create-server.ts";
import { version } from "../../src/runtime/version.ts";
import { captureEarlyAnswers } from "../../src/stdio/early-answer-capture.ts";
import { type EarlyAnswers, earlyAnswerer } from "../../src/stdio/early-answers.ts";
import { readOpeningMessage } from "../../src/stdio/early-requests.ts";
import { earlyToolNameStyle, earlyToolNameStyles } from "../../src/stdio/early-settings.ts";
import { answeringConnection } from "../../src/stdio/stdio-connection.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const meta = (claim: Record<string, unknown> = {}) => ({
  _meta: {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "client", version: "1" },
    "io.modelcontextprotocol/clientCapabilities": {},
    ...claim,
  },
});
const initialize = (
  id: unknown,
  protocolVersion: string,
  capabilities: object = {},
  clientInfo?: object,
) => ({
  jsonrpc: "2.0",
  id,
  method: "initialize",
  params: { protocolVersion, capabilities, clientInfo: clientInfo ?? { name: "client", version: "1" } },
});
const initialized = { jsonrpc: "2.0", method: "notifications/initialized" };
const listTools = (id: unknown, params?: object) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/list",
  ...(params ? { params } : {}),
});

/** Openings the early answers answer in full. */
const answered: { name: string; messages: object[] }[] = [
  {
    name: "every client capability and all of a client's info, on 2025-11-25",
    messages: [
      initialize(
        1,
        "2025-11-25",
        {
          experimental: { trace: {} },
          sampling: { context: {}, tools: {} },
          elicitation: { form: { applyDefaults: true }, url: {} },
          roots: { listChanged: true },
          tasks: {
            list: {},
            cancel: {},
            requests: { sampling: { createMessage: {} }, elicitation: { create: {} } },
          },
          extensions: { "io.example/thing": {} },
          somethingNew: { anything: [1] },
        },
        {
          name: "client",
          title: "Client",
          version: "1",
          description: "a client",
          websiteUrl: "https://example.com",
          icons: [
            { src: "https://example.com/i.png", mimeType: "image/png", sizes: ["48x48"], theme: "dark" },
          ],
        },
      ),
      initialized,
      listTools(2),
    ],
  },
  { name: "string ids on 2024-11-05", messages: [initialize("a", "2024-11-05"), listTools("b", {})] },
  {
    name: "a revision named like an object's own key",
    messages: [initialize(1, "constructor"), listTools(2)],
  },
  {
    name: "2026-07-28: discover, then tools/list without client info",
    messages: [
      { jsonrpc: "2.0", id: 1, method: "server/discover", params: meta() },
      listTools(2, {
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": { elicitation: {}, tasks: "ignored on 2026-07-28" },
        },
      }),
    ],
  },
];

/** Openings whose requests after `early` (those answered early) are left to the server. */
const leftToTheServer: { name: string; messages: object[]; early: unknown[] }[] = [
  {
    name: "tools/list with a cursor",
    messages: [initialize(1, "2025-06-18"), listTools(2, { cursor: "x" })],
    early: [1],
  },
  {
    name: "a 2025 request with _meta",
    messages: [initialize(1, "2025-06-18"), listTools(2, { _meta: { progressToken: 1 } })],
    early: [1],
  },
  {
    name: "a capability of the wrong shape",
    messages: [initialize(1, "2025-06-18", { roots: { listChanged: "yes" } }), listTools(2)],
    early: [],
  },
  {
    name: "an icon without its address",
    messages: [
      initialize(1, "2025-06-18", {}, { name: "c", version: "1", icons: [{ mimeType: "image/png" }] }),
    ],
    early: [],
  },
  { name: "tools/list before initialize", messages: [listTools(1), initialize(2, "2025-06-18")], early: [] },
  {
    name: "a second initialize",
    messages: [initialize(1, "2025-06-18"), initialize(2, "2025-06-18")],
    early: [1],
  },
  {
    name: "a ping",
    messages: [initialize(1, "2025-06-18"), { jsonrpc: "2.0", id: 2, method: "ping" }],
    early: [1],
  },
  {
    name: "a 2025 tools/list after a 2026-07-28 one",
    messages: [listTools(1, meta()), listTools(2)],
    early: [1],
  },
  { name: "a foreign key in the envelope", messages: [listTools(1, meta({ "io.example/x": 1 }))], early: [] },
  {
    name: "a revision no server has",
    messages: [listTools(1, meta({ "io.modelcontextprotocol/protocolVersion": "2099-01-01" }))],
    early: [],
  },
  { name: "a null id", messages: [initialize(null, "2025-06-18")], early: [] },
];

/** The server's answers to `messages` over one stdio connection, by id, once it has answered `ids`. */
async function serverAnswers(
  style: ToolNameStyle,
  messages: object[],
  ids: string[] = messages.flatMap((message) => ("id" in message ? [JSON.stringify(message.id)] : [])),
): Promise<Map<string, string>> {
  const input = new PassThrough();
  const output = new PassThrough();
  const createServer = mcpServerFactory({
    application: {} as never,
    log: () => {},
    version,
    toolNames: style,
    conformanceTools: false,
  });
  const served = serveStdio((context) => createServer(eraOf(context.era)), {
    transport: new StdioServerTransport(input, output),
  });
  const found = new Map<string, string>();
  let buffered = "";
  const all = new Promise<void>((resolve) => {
    if (ids.length === 0) resolve();
    output.setEncoding("utf8").on("data", (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines)
        found.set(JSON.stringify((JSON.parse(line) as { id?: unknown }).id ?? null), line);
      if (ids.every((id) => found.has(id))) resolve();
    });
  });
  for (const message of messages) input.write(`${JSON.stringify(message)}\n`);
  await all;
  await served.close();
  return found;
}

/** The early answers to `messages`, by id. */
function earlyAnswers(answers: EarlyAnswers, messages: object[]): Map<string, string> {
  const answer = earlyAnswerer(answers);
  const found = new Map<string, string>();
  for (const message of messages) {
    const reply = answer(readOpeningMessage(JSON.stringify(message)));
    if (reply === undefined) break;
    if (reply !== "none") found.set(JSON.stringify(reply.id), JSON.stringify(reply));
  }
  return found;
}

describe("early answers", () => {
  let portable: EarlyAnswers;
  before(async () => {
    portable = await captureEarlyAnswers("portable");
  });

  for (const { name, messages } of answered) {
    it(`answers ${name} as the server does`, async () => {
      const early = earlyAnswers(portable, messages);
      const requests = messages.filter((message) => "id" in message).length;
      assert.equal(early.size, requests, "every request answered early");
      assert.deepEqual(early, await serverAnswers("portable", messages));
    });
  }

  for (const { name, messages, early: answeredEarly } of leftToTheServer) {
    it(`leaves ${name} to the server`, async () => {
      const early = earlyAnswers(portable, messages);
      assert.deepEqual(
        [...early.keys()],
        answeredEarly.map((id) => JSON.stringify(id)),
      );
      const server = await serverAnswers("portable", messages, [...early.keys()]);
      for (const [id, text] of early) assert.equal(text, server.get(id), `the answer to ${id}`);
    });
  }
});

describe("the stdio connection with early answers", () => {
  it("answers the opening, hands the server every byte and leaves out its answers to the same requests", async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let written = "";
    stdout.setEncoding("utf8").on("data", (chunk: string) => {
      written += chunk;
    });
    const connection = answeringConnection(captureEarlyAnswers("dotted"), stdin, stdout);
    const opening = `${[initialize(1, "2025-06-18"), initialized, listTools(2), listTools(3)]
      .map((message) => JSON.stringify(message))
      .join("\n")}\n`;
    stdin.write(opening);
    await connection.opened;
    const early = written.trim().split("\n");
    assert.deepEqual(
      early.map((line) => (JSON.parse(line) as { id: unknown }).id),
      [1, 2],
      "the opening answered, up to the tools' listing",
    );
    connection.handOver();
    const reports: string[] = [];
    connection.reportDifferences((message) => reports.push(message));
    stdin.end();
    let read = "";
    for await (const chunk of connection.input) read += String(chunk);
    assert.equal(read, opening, "the server reads every byte");
    const writeOut = (text: string) =>
      new Promise<void>((resolve, reject) =>
        connection.output.write(`${text}\n`, (error) => (error ? reject(error) : resolve())),
      );
    await writeOut(early[0] ?? "");
    await writeOut(JSON.stringify({ jsonrpc: "2.0", id: 2, result: { tools: [] } }));
    await writeOut(JSON.stringify({ jsonrpc: "2.0", id: 3, result: { tools: [] } }));
    await writeOut(JSON.stringify({ jsonrpc: "2.0", id: 1, result: {} }));
    assert.deepEqual(
      written
        .trim()
        .split("\n")
        .slice(2)
        .map((line) => JSON.parse(line)),
      [
        { jsonrpc: "2.0", id: 3, result: { tools: [] } },
        { jsonrpc: "2.0", id: 1, result: {} },
      ],
      "each request answered once: the server's second answers are left out",
    );
    assert.equal(reports.length, 1, "the one that differed is reported");
    assert.match(reports[0] ?? "", /request 2 .*differed/);
    connection.close();
  });
});

describe("the naming style of an early answer", () => {
  const directory = temporaryDirectory("early-settings");
  const file = (name: string, content: string) => {
    const path = join(directory, name);
    writeFileSync(path, content);
    return path;
  };

  it("knows the spellings the config file accepts", () => {
    assert.deepEqual(earlyToolNameStyles, toolNameStyleNames);
  });

  it("is read from --tool-names, else AI_UNIVERSE_TOOL_NAMES, else the config file", () => {
    const dotted = file("dotted.json", JSON.stringify({ toolNames: "dotted", conformanceTools: false }));
    assert.equal(earlyToolNameStyle(["mcp"], {}), "portable");
    assert.equal(earlyToolNameStyle(["mcp", "--tool-names", "dotted"], {}), "dotted");
    assert.equal(
      earlyToolNameStyle(["mcp", "--tool-names=standard", "--database", ":memory:"], {}),
      "dotted",
    );
    assert.equal(earlyToolNameStyle(["mcp", "--config", dotted], {}), "dotted");
    assert.equal(earlyToolNameStyle(["mcp"], { AI_UNIVERSE_CONFIG: dotted }), "dotted");
    assert.equal(
      earlyToolNameStyle(["mcp"], { AI_UNIVERSE_CONFIG: dotted, AI_UNIVERSE_TOOL_NAMES: "portable" }),
      "portable",
    );
    assert.equal(
      earlyToolNameStyle(["mcp", "--tool-names", "portable"], { AI_UNIVERSE_TOOL_NAMES: "dotted" }),
      "portable",
    );
    assert.equal(
      earlyToolNameStyle(["mcp", "--tool-names="], { AI_UNIVERSE_TOOL_NAMES: "dotted" }),
      "dotted",
    );
    assert.equal(
      earlyToolNameStyle(["mcp"], { AI_UNIVERSE_TOOL_NAMES: " ", AI_UNIVERSE_CONFIG: dotted }),
      "portable",
    );
  });

  it("is not known, so nothing is answered early, when anything is unclear", () => {
    const conformance = file("conformance.json", JSON.stringify({ conformanceTools: true }));
    const unknownStyle = file("unknown.json", JSON.stringify({ toolNames: "camel" }));
    const notJson = file("broken.json", "{");
    const unclear: [string[], Record<string, string>][] = [
      [["serve"], {}],
      [["mcp", "--help"], {}],
      [["mcp", "extra"], {}],
      [["mcp", "--config"], {}],
      [["mcp", "--tool-names", "dotted", "--tool-names", "portable"], {}],
      [["mcp", "--tool-names", "camel"], {}],
      [["mcp"], { AI_UNIVERSE_CONFORMANCE_TOOLS: "1" }],
      [["mcp"], { AI_UNIVERSE_CONFORMANCE_TOOLS: "maybe" }],
      [["mcp", "--config", conformance], {}],
      [["mcp", "--config", unknownStyle], {}],
      [["mcp", "--config", notJson], {}],
      [["mcp", "--config", join(directory, "missing.json")], {}],
    ];
    for (const [argv, environment] of unclear)
      assert.equal(
        earlyToolNameStyle(argv, environment),
        undefined,
        `${argv.join(" ")} ${JSON.stringify(environment)}`,
      );
    assert.equal(
      earlyToolNameStyle(["mcp", "--config", conformance], { AI_UNIVERSE_CONFORMANCE_TOOLS: "off" }),
      "portable",
    );
  });
});
