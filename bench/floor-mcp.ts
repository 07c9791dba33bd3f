// The floor served through the official MCP SDK (floor+mcp): the least an MCP server on that SDK does
// for the benchmark's call. One `agent.second_opinion` tool taking a question, registered on a server
// built per request by the SDK's 2026-07-28 handler (`createMcpHandler`, 2025 traffic refused) behind
// its Node adapter, answering in JSON with the floor's result as structured content. No output schema,
// no resources, prompts or tasks, no streaming: what it costs beyond floor+sdk is the MCP SDK's own.

import type { IncomingMessage, ServerResponse } from "node:http";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";

/** What the floor's consultation answers (a type, not an interface, so it is structured content as is). */
export type FloorAnswer = {
  conversationId: string;
  synthesis: string;
  opinions: string[];
};

/**
 * A Node request handler serving the tool with `answer`; `padding(bytes)` brings a response of that many
 * bytes to the product's size, and rides as the result's text.
 */
export function mcpFloorHandler(
  answer: (question: string) => Promise<FloorAnswer>,
  padding: (used: number) => string,
): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  const createServer = () => {
    const server = new McpServer({ name: "floor", version: "1.0.0" });
    server.registerTool(
      "agent.second_opinion",
      { description: "The floor's consultation", inputSchema: z.object({ question: z.string() }) },
      async ({ question }) => {
        const result = await answer(question);
        const text = padding(JSON.stringify(result).length);
        return { content: [{ type: "text", text }], structuredContent: result };
      },
    );
    return server;
  };
  const serve = toNodeHandler(createMcpHandler(createServer, { legacy: "reject" }));
  return (incoming, outgoing) => {
    void serve(incoming, outgoing);
  };
}
