// Gemini CLI's model protocol: the Gemini API (`POST /v1beta/models/<model>:streamGenerateContent?alt=sse`,
// or `:generateContent`). A tool result is a `functionResponse` part, keyed by the call's id (or its name when
// the CLI sends none); its `response` object holds the text the CLI made of the tool's result, which is
// what the model reads: the one string in it when there is one, else the object as JSON. A request for JSON
// (the CLI's model router asks which model a prompt needs) gets a text filling the schema it names.

import { writeJson } from "../../../simulator/write-response.ts";
import {
  type AgentProtocol,
  type AgentReply,
  isRecord,
  recordsOf,
  replyText,
  startEvents,
} from "./protocol.ts";

/** The generateContent protocol. */
export const geminiGenerateContent: AgentProtocol = {
  name: "gemini-generate-content",
  generates: (path) => /:(stream)?[gG]enerateContent$/.test(path),
  read(body) {
    const request = isRecord(body) ? body : {};
    const declarations = recordsOf(request.tools).flatMap((tool) => recordsOf(tool.functionDeclarations));
    const responses = recordsOf(request.contents)
      .flatMap((content) => recordsOf(content.parts))
      .flatMap((part) => (isRecord(part.functionResponse) ? [part.functionResponse] : []));
    return {
      tools: declarations.flatMap((declaration) =>
        typeof declaration.name === "string" ? [declaration.name] : [],
      ),
      toolResults: new Map(
        responses.map((response) => [
          String(response.id ?? response.name),
          textOfResponse(response.response),
        ]),
      ),
    };
  },
  write(response, reply, { body, path }) {
    const request = isRecord(body) ? body : {};
    const schema = isRecord(request.generationConfig)
      ? request.generationConfig.responseJsonSchema
      : undefined;
    const part = schema && reply.kind === "text" ? { text: JSON.stringify(sampleOf(schema)) } : partOf(reply);
    const answer = {
      candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 20, totalTokenCount: 120 },
    };
    if (!path.includes(":streamGenerateContent")) {
      writeJson(response, 200, answer);
      return;
    }
    startEvents(response);
    response.write(`data: ${JSON.stringify(answer)}\r\n\r\n`);
    response.end();
  },
};

/** The one string of a function response (`{output: "..."}`), else the whole of it as JSON. */
function textOfResponse(response: unknown): string {
  const values = isRecord(response) ? Object.values(response) : [];
  const [only] = values;
  return values.length === 1 && typeof only === "string" ? only : JSON.stringify(response);
}

/** A value of the (OpenAPI-style, upper-case) schema: every property, the smallest of each type. */
function sampleOf(schema: unknown): unknown {
  const node = isRecord(schema) ? schema : {};
  switch (String(node.type).toUpperCase()) {
    case "OBJECT":
      return Object.fromEntries(
        Object.entries(isRecord(node.properties) ? node.properties : {}).map(([key, value]) => [
          key,
          sampleOf(value),
        ]),
      );
    case "ARRAY":
      return [];
    case "INTEGER":
    case "NUMBER":
      return 1;
    case "BOOLEAN":
      return false;
    default:
      return "simple";
  }
}

function partOf(reply: AgentReply): Record<string, unknown> {
  return reply.kind === "tool-call"
    ? { functionCall: { id: reply.callId, name: reply.name, args: reply.arguments } }
    : { text: replyText(reply) };
}
