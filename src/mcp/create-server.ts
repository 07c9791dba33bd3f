// The one server factory: builds an MCP server with every tool, resource and prompt. stdio and HTTP
// only wrap it. It declares what the server does and no more: no list-changed notifications (the
// lists never change while it runs), logging only on the 2025 revisions, tasks on 2025-11-25 (the one
// 2025 revision that has them) and the Tasks extension on 2026-07-28 (task-extension.ts).

import { McpServer } from "@modelcontextprotocol/server";
import type { Runtime } from "../runtime/runtime.ts";
import { registerConversationResources } from "./conversation-resources.ts";
import { registerCouncilPanel } from "./council-panel.ts";
import { registerPrompts } from "./prompts.ts";
import { revisionHasTasks } from "./protocol-revision.ts";
import { installTaskExtension, taskExtensionCapability } from "./task-extension.ts";
import { installTaskHandlers } from "./task-handlers.ts";
import { createToolCatalog, type ToolCatalog } from "./tool-catalog.ts";
import { installToolHandlers } from "./tool-handlers.ts";

/** The protocol era a server instance serves: the 2025 revisions (sessions, tasks) or the stateless 2026-07-28. */
export type ProtocolEra = "sessions-2025" | "stateless-2026";

/** Our name for the SDK's era: its "legacy" is the 2025 revisions with sessions, its "modern" the stateless 2026-07-28. */
export function eraOf(sdkEra: "legacy" | "modern"): ProtocolEra {
  return sdkEra === "legacy" ? "sessions-2025" : "stateless-2026";
}

/**
 * What a server instance serves: everything (a session, stdio, any 2026-07-28 request), or only the tool
 * call it is built for (a 2026-07-28 `tools/call`: its instance lives as long as the call and answers
 * nothing else, so the resources and prompts it would never serve are not built for it).
 */
export type ServerReach = "everything" | "tool-call";

/** Builds server instances for one era; all share one tool catalog. */
export interface McpServerFactory {
  (era: ProtocolEra, reach?: ServerReach): McpServer;
  /** Whether tool `name` (either spelling) asks models, and so may take longer than a moment. */
  asksModels(name: string): boolean;
}

/** What the MCP servers are built from: the use cases and the few settings they show, not the whole runtime. */
export interface McpServerParts {
  application: Runtime["application"];
  log: Runtime["log"];
  version: string;
  toolNames: Runtime["configuration"]["toolNames"];
  /** Whether the conformance suite's test tools are listed too. */
  conformanceTools: boolean;
}

/** The parts of `runtime` the MCP servers need. */
export function mcpServerParts(runtime: Runtime): McpServerParts {
  return {
    application: runtime.application,
    log: runtime.log,
    version: runtime.version,
    toolNames: runtime.configuration.toolNames,
    conformanceTools: runtime.configuration.conformanceTools,
  };
}

/** Returns a factory of server instances over `parts`, sharing one tool catalog. */
export function mcpServerFactory(parts: McpServerParts): McpServerFactory {
  const catalog = createToolCatalog(parts.toolNames);
  return Object.assign(
    (era: ProtocolEra, reach: ServerReach = "everything") => createMcpServer(parts, catalog, era, reach),
    {
      // The tools a client may run as a task are the ones that ask models.
      asksModels: (name: string) => catalog.find(name)?.taskSupport === "optional",
    },
  );
}

/** Creates one server instance; cheap enough to build per HTTP request. */
function createMcpServer(
  parts: McpServerParts,
  catalog: ToolCatalog,
  era: ProtocolEra,
  reach: ServerReach,
): McpServer {
  const toolName = (name: string) => {
    const tool = catalog.find(name);
    return tool ? catalog.listedName(tool) : name;
  };
  const server = new McpServer(
    { name: "ai-universe", title: "AI Universe", version: parts.version },
    {
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false },
        prompts: { listChanged: false },
        ...(era === "sessions-2025"
          ? { logging: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } }
          : { extensions: taskExtensionCapability }),
      },
      instructions:
        `Use ${toolName("agent.second_opinion")} to put one question to several LLMs and get a synthesis; ` +
        `${toolName("conversation.send-message")} to continue with one model; ${toolName("conversation.get-history")}, ` +
        `${toolName("conversation.list")} and the conversation://{id} resources to find and read saved conversations.`,
    },
  );
  if (era === "sessions-2025") withholdTasksBeforeTheirRevision(server);
  installToolHandlers(
    server,
    catalog,
    parts.application,
    parts.log,
    era === "sessions-2025" ? "2025-11-25" : "extension",
    parts.conformanceTools ? loadConformanceTools : undefined,
  );
  if (era === "sessions-2025") installTaskHandlers(server, parts.application);
  else installTaskExtension(server, parts.application);
  if (reach === "tool-call") return server;
  registerConversationResources(server, parts.application);
  registerCouncilPanel(server);
  registerPrompts(server, toolName);
  return server;
}

/** The conformance suite's test tools, loaded at their first use: only a server with the setting on has them. */
async function loadConformanceTools() {
  return (await import("./conformance-tools.ts")).conformanceTools;
}

/**
 * A 2025-era instance declares tasks, but one revision serves it, known only at `initialize`: the
 * capabilities the SDK answers with leave tasks out when that revision predates them.
 */
function withholdTasksBeforeTheirRevision(server: McpServer): void {
  const protocol = server.server;
  const declared = protocol.getCapabilities.bind(protocol);
  protocol.getCapabilities = () => {
    const { tasks, ...capabilities } = declared();
    return revisionHasTasks(protocol.getNegotiatedProtocolVersion())
      ? { ...capabilities, tasks }
      : capabilities;
  };
}
