// A local HTTP server standing in for an agent CLI's own model, speaking the CLI's protocol (Anthropic
// Messages, OpenAI Responses, Gemini generateContent). Its script: when a request offers a tool whose name
// ends with `agent_second_opinion`, it calls that tool once with the test's arguments; when a later request
// carries that call's result, it records the text the CLI gave its model and answers with a short final
// text. When the tool is not offered yet, it does what a model told to use it would: it searches for it
// once where the CLI defers tools behind a search (Codex), or waits for the servers still connecting where
// the CLI offers a tool for that (Claude Code's WaitForMcpServers, 5 s a call), again while the CLI still
// offers that tool without ours, up to `waitLimit` times: a loaded machine can take longer than 10 s to
// start `npx -y ai-universe mcp`. Every other request (a title, a quota check) gets a short text, and a
// path it does not know gets a 404 at once, so no background request of a CLI waits.

import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { writeJson } from "../../../simulator/write-response.ts";
import { anthropicMessages, writeTokenCount } from "./anthropic-messages.ts";
import { geminiGenerateContent } from "./gemini-generate-content.ts";
import { openaiResponses } from "./openai-responses.ts";
import type { AgentProtocol, AgentProtocolName, AgentReply, AgentTurn } from "./protocol.ts";

/** The name every CLI's spelling of our tool ends with. */
export const toolSuffix = "agent_second_opinion";

/** Claude Code's tool that waits for the MCP servers still connecting when it sent its request. */
export const waitTool = "WaitForMcpServers";

/** How many times the scripted model waits for servers still connecting: 12 waits of 5 s, a minute. */
export const waitLimit = 12;

/** The final text the scripted model answers with once it has the tool's result. */
export const finalText = "The second opinion is in.";

const protocols: AgentProtocol[] = [anthropicMessages, openaiResponses, geminiGenerateContent];

/** One request the scripted model received. */
export interface AgentModelRequest {
  method: string;
  /** Path and query. */
  path: string;
  /** The protocol of a generation request; absent for any other. */
  protocol?: AgentProtocolName;
  /** The names of the tools it offered (generation requests only). */
  tools: string[];
  body: unknown;
  /** When it arrived, in milliseconds since the server started. */
  receivedAt: number;
}

/** A running scripted model. */
export interface ScriptedAgentModel {
  /** e.g. "http://127.0.0.1:40123": each CLI's base URL is this plus its own path. */
  url: string;
  requests: AgentModelRequest[];
  /** The name of the tool the model called; absent when no request offered it. */
  called(): string | undefined;
  /** The text the CLI gave its model as the call's result; absent until a request carried it. */
  toolResult(): string | undefined;
  close(): Promise<void>;
}

/** Starts a scripted model that calls our tool once with `toolArguments`. */
export async function startScriptedAgentModel(
  toolArguments: Record<string, unknown>,
): Promise<ScriptedAgentModel> {
  const requests: AgentModelRequest[] = [];
  const startedAt = performance.now();
  const callId = `call_${Math.random().toString(36).slice(2, 12)}`;
  let called: string | undefined;
  let searched = false;
  let waits = 0;
  let toolResult: string | undefined;

  const replyTo = ({ tools, toolResults: results, toolSearch }: AgentTurn): AgentReply => {
    const result = results.get(callId) ?? (called ? results.get(called) : undefined);
    if (result !== undefined) {
      toolResult ??= result;
      return { kind: "text", text: finalText };
    }
    const tool = tools.find((name) => name.endsWith(toolSuffix));
    if (tool && !called) {
      called = tool;
      return { kind: "tool-call", callId, name: tool, arguments: toolArguments };
    }
    if (!tool && !called && toolSearch && !searched) {
      searched = true;
      return { kind: "tool-search", callId: `${callId}_search`, query: toolSuffix };
    }
    if (!tool && !called && tools.includes(waitTool) && waits < waitLimit) {
      waits += 1;
      return { kind: "tool-call", callId: `${callId}_wait${waits}`, name: waitTool, arguments: {} };
    }
    return { kind: "text", text: "OK." };
  };

  const server = createServer(async (request, response) => {
    const text = await bodyOf(request);
    const url = new URL(request.url ?? "/", "http://agent-model.invalid");
    const protocol = protocols.find((candidate) => candidate.generates(url.pathname));
    const body = parse(text);
    const recorded: AgentModelRequest = {
      method: request.method ?? "GET",
      path: `${url.pathname}${url.search}`,
      tools: [],
      body,
      receivedAt: performance.now() - startedAt,
    };
    requests.push(recorded);
    if (request.method === "POST" && url.pathname.endsWith("/count_tokens")) {
      writeTokenCount(response, text);
      return;
    }
    if (request.method !== "POST" || !protocol) {
      writeJson(response, 404, { error: { message: `No ${request.method} ${url.pathname} here.` } });
      return;
    }
    const turn = protocol.read(body);
    recorded.protocol = protocol.name;
    recorded.tools = turn.tools;
    protocol.write(response, replyTo(turn), { body, path: recorded.path });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    called: () => called,
    toolResult: () => toolResult,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
