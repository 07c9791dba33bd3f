// The floor the product is measured against: a minimal plain-Node handler doing the same traffic as
// one consultation and nothing more. node:http, one JSON-RPC parse, four provider calls at once and a
// synthesis call over keep-alive connections (OpenAI chat completions, to the same simulator), one
// SQLite transaction with fsync, and a response padded to the size of the product's. With
// FLOOR_PROVIDER_CALLS=ai-sdk the provider calls go through the AI SDK (bench/ai-sdk-calls.ts), the
// synthesis call asking for the product's structured answer; with FLOOR_SERVING=mcp as well, the call is
// served through the official MCP SDK (bench/floor-mcp.ts) rather than parsed and answered by hand.

import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import { DatabaseSync } from "node:sqlite";
import { aiSdkCompletion } from "./ai-sdk-calls.ts";
import { type FloorAnswer, mcpFloorHandler } from "./floor-mcp.ts";

const simulator = new URL(process.env.SIMULATOR_URL ?? "");
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const database = new DatabaseSync(process.env.FLOOR_DATABASE ?? ":memory:");
database.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
database.exec(
  "CREATE TABLE IF NOT EXISTS messages (id TEXT PRIMARY KEY, turn INTEGER, role TEXT, content TEXT, metadata TEXT)",
);
const insert = database.prepare("INSERT INTO messages VALUES (?, ?, ?, ?, ?)");
let responseBytes = Number(process.env.FLOOR_RESPONSE_BYTES ?? 4000);
let turns = 0;

process.on("message", (message: { type: string; bytes?: number }) => {
  if (message.type === "response-size" && message.bytes) responseBytes = message.bytes;
});

/** One chat completion over raw node:http; resolves with the answer's text. */
function rawCompletion(model: string, content: string): Promise<string> {
  const body = JSON.stringify({ model, messages: [{ role: "user", content }] });
  return new Promise((resolve, reject) => {
    const call = request(
      new URL("/openai/v1/chat/completions", simulator),
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve(
            (JSON.parse(text) as { choices: { message: { content: string } }[] }).choices[0]?.message
              .content ?? "",
          ),
        );
      },
    );
    call.on("error", (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the simulator closed while this floor sat idle: sent again on a new one.
      if (call.reusedSocket && error.code === "ECONNRESET") resolve(rawCompletion(model, content));
      else reject(error);
    });
    call.end(body);
  });
}

const complete = process.env.FLOOR_PROVIDER_CALLS === "ai-sdk" ? aiSdkCompletion(simulator) : rawCompletion;

/** The floor's consultation: four opinions at once, the synthesis, one transaction; its result unpadded. */
async function answer(question: string): Promise<FloorAnswer> {
  const opinions = await Promise.all(
    ["gpt-oss-120b", "gemini-3.1-pro-preview", "grok-4.6", "gpt-6-sol"].map((model) =>
      complete(model, question),
    ),
  );
  const synthesis = await complete("claude-opus-5-5", `${question}\n\n${opinions.join("\n\n")}`);
  turns += 1;
  database.exec("BEGIN IMMEDIATE");
  insert.run(`${turns}-q`, turns, "user", question, "{}");
  insert.run(`${turns}-a`, turns, "assistant", synthesis, JSON.stringify({ opinions }));
  database.exec("COMMIT");
  return { conversationId: String(turns), synthesis, opinions };
}

/** Padding that brings a response of `used` bytes to the product's size. */
const padding = (used: number) => "x".repeat(Math.max(0, responseBytes - used - 60));

/** The plain floor: one JSON-RPC parse and one JSON answer, by hand. */
function servePlain(incoming: IncomingMessage, outgoing: ServerResponse): void {
  let text = "";
  incoming.setEncoding("utf8");
  incoming.on("data", (chunk: string) => {
    text += chunk;
  });
  incoming.on("end", async () => {
    const rpc = JSON.parse(text) as { id: number; params: { arguments: { question: string } } };
    const result = { ...(await answer(rpc.params.arguments.question)), padding: "" };
    result.padding = padding(JSON.stringify(result).length);
    const reply = JSON.stringify({ jsonrpc: "2.0", id: rpc.id, result: { structuredContent: result } });
    outgoing.writeHead(200, { "content-type": "application/json" }).end(reply);
  });
}

const serve = process.env.FLOOR_SERVING === "mcp" ? mcpFloorHandler(answer, padding) : servePlain;

createServer((incoming, outgoing) => {
  serve(incoming, outgoing);
}).listen(0, "127.0.0.1", function (this: import("node:net").Server) {
  const address = this.address() as import("node:net").AddressInfo;
  process.stderr.write(`floor listening on http://127.0.0.1:${address.port}\n`);
});
