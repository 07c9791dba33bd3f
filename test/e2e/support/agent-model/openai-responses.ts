// Codex's model protocol: the OpenAI Responses API (`POST /v1/responses`), streamed as server-sent events.
// A tool result is a `function_call_output` item of the input; its output is a string or content items.
// Tools may be grouped in namespaces (Codex's MCP tools, one namespace per server, found by its tool search):
// such a tool is named here `<namespace>/<name>`, and a call of it carries the two apart.

import { formatEvent, writeJson } from "../../../simulator/write-response.ts";
import {
  type AgentProtocol,
  type AgentReply,
  isRecord,
  recordsOf,
  startEvents,
  textOfBlocks,
} from "./protocol.ts";

/** The Responses protocol. */
export const openaiResponses: AgentProtocol = {
  name: "openai-responses",
  generates: (path) => path.endsWith("/responses"),
  read(body) {
    const request = isRecord(body) ? body : {};
    const input = recordsOf(request.input);
    const found = input.filter((item) => item.type === "tool_search_output").map((item) => item.tools);
    return {
      tools: [...toolNames(request.tools), ...found.flatMap((tools) => toolNames(tools))],
      toolSearch: recordsOf(request.tools).some((tool) => tool.type === "tool_search"),
      toolResults: new Map(
        input
          .filter((item) => item.type === "function_call_output")
          .map((item) => [String(item.call_id), textOfBlocks(item.output)]),
      ),
    };
  },
  write(response, reply, { body }) {
    const request = isRecord(body) ? body : {};
    const id = `resp_${Math.random().toString(36).slice(2)}`;
    const item = itemOf(reply);
    const usage = {
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 20,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 120,
    };
    const completed = {
      id,
      object: "response",
      status: "completed",
      model: request.model,
      output: [item],
      usage,
    };
    if (request.stream !== true) {
      writeJson(response, 200, completed);
      return;
    }
    startEvents(response);
    const send = (event: string, data: Record<string, unknown>) =>
      response.write(formatEvent({ event, data: { type: event, ...data } }));
    send("response.created", { response: { id, object: "response", status: "in_progress", output: [] } });
    send("response.output_item.added", { output_index: 0, item: { ...item, status: "in_progress" } });
    send("response.output_item.done", { output_index: 0, item });
    send("response.completed", { response: completed });
    response.end();
  },
};

/** The names of the offered tools, a namespace's tools under the namespace's name. */
function toolNames(tools: unknown, prefix = ""): string[] {
  return recordsOf(tools).flatMap((tool) => {
    const name = typeof tool.name === "string" ? `${prefix}${tool.name}` : "";
    return Array.isArray(tool.tools) ? toolNames(tool.tools, `${name}/`) : name ? [name] : [];
  });
}

/** The reply as one output item. */
function itemOf(reply: AgentReply): Record<string, unknown> {
  if (reply.kind === "tool-search") {
    return {
      type: "tool_search_call",
      id: `ts_${reply.callId}`,
      call_id: reply.callId,
      execution: "client",
      arguments: { query: reply.query, limit: 8 },
      status: "completed",
    };
  }
  if (reply.kind === "tool-call") {
    const slash = reply.name.lastIndexOf("/");
    return {
      type: "function_call",
      id: `fc_${reply.callId}`,
      call_id: reply.callId,
      name: reply.name.slice(slash + 1),
      ...(slash > 0 ? { namespace: reply.name.slice(0, slash) } : {}),
      arguments: JSON.stringify(reply.arguments),
      status: "completed",
    };
  }
  return {
    type: "message",
    id: `msg_${Math.random().toString(36).slice(2)}`,
    role: "assistant",
    status: "completed",
    content: [{ type: "output_text", text: reply.text, annotations: [] }],
  };
}
