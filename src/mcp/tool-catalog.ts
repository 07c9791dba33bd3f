// Every tool the server offers: its names, description, input schema (the application's, as JSON
// Schema), output schema, truthful annotations, and the use case it calls. Built once per process;
// every server instance shares it. The listing depends on the naming style alone, never on which models
// answer at start (the `models` tool says that), so a stdio start can give it before the models are
// checked, from answers made by this very code (src/stdio/early-answers.ts).

import type { ListToolsResult, ToolAnnotations } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { ToolNameStyle } from "../application/index.ts";
import type { SecondOpinionOutput, SendMessageResult } from "../contract/consultation-results.ts";
import type { HistoryResult, SearchResult } from "../contract/conversations.ts";
import {
  conversationInput,
  historyInput,
  listInput,
  modelsInput,
  searchInput,
  secondOpinionInput,
  sendMessageInput,
  usageInput,
} from "../contract/inputs.ts";
import { compactSecondOpinion } from "../contract/result-detail.ts";
import { councilPanelToolMeta } from "./council-panel.ts";
import { type JsonSchema, loadOutputSchemas, outputSchemaOf } from "./output-schemas.ts";
import { replayTool } from "./replay-tool.ts";
import type { ToolDefinition, ToolWriter } from "./tool-definition.ts";

export type { ToolDefinition } from "./tool-definition.ts";

import { historyText, messageText, searchText, secondOpinionText } from "./result-text.ts";

/** The tools, and the `tools/list` answer in the configured naming style. */
export interface ToolCatalog {
  tools: readonly ToolDefinition[];
  /** Finds a tool by either spelling of its name. */
  find(name: string): ToolDefinition | undefined;
  /** The listed name of `tool` in the configured style. */
  listedName(tool: ToolDefinition): string;
  /** Loads what `listing` and each tool's `outputSchema` need; awaited before either is read. */
  ready(): Promise<void>;
  /** The body of `tools/list`, built once, at its first use. */
  listing: ListToolsResult;
  /** The same for the revisions with tasks (2025-11-25), which also say which tools may run as tasks. */
  taskListing: ListToolsResult;
}

/** The portable spelling of a tool name: dots and hyphens become underscores. */
export function portableToolName(name: string): string {
  return name.replace(/[.-]/g, "_");
}

/** A dotted tool name in running text, e.g. in a field's description. */
const dottedToolName =
  /\b(?:agent\.second_opinion|conversation\.(?:send-message|get-history|list|search|delete|replay))(?![\w-])/g;

/** `text` with every dotted tool name it mentions spelled by `name`. */
function respellToolNames(text: string, name: (dotted: string) => string): string {
  return text.replace(dottedToolName, (dotted) => name(dotted));
}

/** A tool that asks models: it writes a turn, and each call asks anew (the open world of providers). */
const asksModels: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
};

/** A tool that only reads: no model is asked and nothing changes, so a repeated call is harmless. */
const readsStore: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

const asJson = (text: object) => JSON.stringify(text);

/** The input schema as JSON Schema, its descriptions naming tools as they are listed. */
const inputJson = (schema: z.ZodType, name: (dotted: string) => string): JsonSchema => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "input" }) as JsonSchema;
  return JSON.parse(respellToolNames(JSON.stringify(json), name)) as JsonSchema;
};

/** Asks several models and writes their synthesis. */
const secondOpinionTool: ToolWriter = (name) => ({
  name: "agent.second_opinion",
  title: "Second opinion from several models",
  description: [
    "Ask one question to several LLMs from different vendors at once and get a synthesis of where they agree and differ,",
    "with per-model answers, tokens, latency, cost and citations. Use it for decisions, reviews and facts worth",
    "cross-checking; not for trivial questions. It takes as long as the slowest model plus the synthesis,",
    "typically 10-60 s (progress is reported). The turn is saved as a conversation: pass conversationId to follow up,",
    `and read every model's full answer with ${name("conversation.get-history")}. Pass panel (e.g. "fast", "deep",`,
    `"research") for a named set of models; ${name("models")} lists the models available now, the panels and prices.`,
    "Before calling, write your own answer to the question, without looking at any other, and pass it as hostAnswer",
    "(with your model's name): it joins the council as one more opinion, reviewed anonymously, at no cost.",
  ].join(" "),
  input: secondOpinionInput,
  output: "secondOpinion",
  annotations: asksModels,
  taskSupport: "optional",
  meta: councilPanelToolMeta,
  call: async (application, caller, input, options) => {
    const result = await application.secondOpinion(caller, input, options);
    return (input as { detail?: unknown }).detail === "full" ? result : compactSecondOpinion(result);
  },
  text: (result) => secondOpinionText(result as SecondOpinionOutput, name),
});

/** Asks one model, in a conversation or a new one. */
const sendMessageTool: ToolWriter = (name) => ({
  name: "conversation.send-message",
  title: "Send a message to one model",
  description:
    `Continue a conversation (or start one) with a single model: cheaper and faster than ${name("agent.second_opinion")}. ` +
    "Earlier turns, including second opinions, are the model's context. Returns the reply and both stored messages, with the " +
    `model, tokens, latency and cost. Takes as long as one model call; ${name("models")} lists the models available now.`,
  input: sendMessageInput,
  output: "sendMessage",
  annotations: asksModels,
  taskSupport: "optional",
  call: (application, caller, input, options) => application.sendMessage(caller, input, options),
  text: (result) => messageText(result as SendMessageResult, name),
});

/** Reads a conversation a page at a time. */
const historyTool: ToolWriter = (name) => ({
  name: "conversation.get-history",
  title: "Read a conversation's history",
  description:
    "Read the messages of a conversation, oldest first, one page at a time (hasMore / nextCursor). " +
    "Assistant messages of a second opinion carry every model's answer in metadata.secondOpinion. Fast: no model is called.",
  input: historyInput,
  output: "history",
  annotations: readsStore,
  taskSupport: "forbidden",
  call: (application, caller, input) => application.getHistory(caller, input),
  text: (result) => historyText(result as HistoryResult, name),
});

/** Lists the caller's conversations. */
const listTool: ToolWriter = () => ({
  name: "conversation.list",
  title: "List conversations",
  description:
    "List your saved conversations, most recently updated first, with title, message count, times and a preview " +
    "of the last message. Page with limit / nextCursor. Fast: no model is called.",
  input: listInput,
  output: "list",
  annotations: readsStore,
  taskSupport: "forbidden",
  call: (application, caller, input) => application.listConversations(caller, input),
  text: asJson,
});

/** Finds conversations by their words. */
const searchTool: ToolWriter = (name) => ({
  name: "conversation.search",
  title: "Search conversations",
  description:
    "Find your saved conversations by words in their questions, answers or any model's opinion. Best match first, one " +
    `result per conversation with a snippet (found words in **bold**) and the conversationId for ${name("conversation.get-history")}. Fast: no model is called.`,
  input: searchInput,
  output: "search",
  annotations: readsStore,
  taskSupport: "forbidden",
  call: (application, caller, input) => application.searchConversations(caller, input),
  text: (result) => searchText(result as SearchResult),
});

/** Deletes a conversation. */
const deleteTool: ToolWriter = () => ({
  name: "conversation.delete",
  title: "Delete a conversation",
  description: "Permanently delete one of your conversations and all its messages. Cannot be undone.",
  input: conversationInput,
  output: "delete",
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  taskSupport: "forbidden",
  call: (application, caller, input) => application.deleteConversation(caller, input),
  text: asJson,
});

/** Lists the models and panels. */
const modelsTool: ToolWriter = (name) => ({
  name: "models",
  title: "Models and panels",
  description:
    "Every model with whether it can be used now (and why not), its provider, model id, price per million tokens, " +
    `web search and context window; and every panel (for the panel argument of ${name("agent.second_opinion")}) with ` +
    "its models, whether all of them are available, hedging, and a rough cost of one consultation. Fast: no model is called.",
  input: modelsInput,
  output: "models",
  annotations: readsStore,
  taskSupport: "forbidden",
  call: (application, caller, input) => application.listModels(caller, input),
  text: asJson,
});

/** Reports the caller's limits, use and spend. */
const usageTool: ToolWriter = () => ({
  name: "usage",
  title: "Your limits, use and spend",
  description:
    "Your tier, how many requests you made this hour and today against its limits, what you spent today against its " +
    "budget, and when each resets. Not counted against the limits.",
  input: usageInput,
  output: "usage",
  annotations: readsStore,
  taskSupport: "forbidden",
  call: (application, caller, input) => application.usage(caller, input),
  text: asJson,
});

/** The tools, in the order `tools/list` gives them. */
const toolWriters: readonly ToolWriter[] = [
  secondOpinionTool,
  sendMessageTool,
  replayTool,
  historyTool,
  listTool,
  searchTool,
  deleteTool,
  modelsTool,
  usageTool,
];

/** Builds the catalog, listing names in `style`. */
export function createToolCatalog(style: ToolNameStyle): ToolCatalog {
  const name = (dotted: string) => (style === "portable" ? portableToolName(dotted) : dotted);
  // The JSON Schemas are built at the first tools/list or call, not at start: `initialize` needs none.
  const tools: ToolDefinition[] = toolWriters.map((write) => {
    const { input, output, ...tool } = write(name);
    let inputSchema: JsonSchema | undefined;
    return {
      ...tool,
      portableName: portableToolName(tool.name),
      get inputSchema() {
        inputSchema ??= inputJson(input, name);
        return inputSchema;
      },
      get outputSchema() {
        return outputSchemaOf(output);
      },
    };
  });
  const byName = new Map(
    tools.flatMap((tool) => [[tool.name, tool] as const, [tool.portableName, tool] as const]),
  );
  const listedName = (tool: ToolDefinition) => name(tool.name);
  let listed: ListToolsResult["tools"] | undefined;
  let listing: ListToolsResult | undefined;
  let taskListing: ListToolsResult | undefined;
  const listTools = () => {
    listed ??= tools.map((tool) => ({
      name: listedName(tool),
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema as ListToolsResult["tools"][number]["inputSchema"],
      outputSchema: tool.outputSchema as ListToolsResult["tools"][number]["outputSchema"],
      annotations: { title: tool.title, ...tool.annotations },
      ...(tool.meta ? { _meta: tool.meta } : {}),
    }));
    return listed;
  };
  return {
    tools,
    find: (requested) => byName.get(requested),
    listedName,
    ready: () => loadOutputSchemas().then(() => undefined),
    get listing() {
      listing ??= { tools: listTools() };
      return listing;
    },
    get taskListing() {
      taskListing ??= {
        tools: listTools().map((entry, index) => ({
          ...entry,
          execution: { taskSupport: tools[index]?.taskSupport ?? "forbidden" },
        })),
      };
      return taskListing;
    },
  };
}
