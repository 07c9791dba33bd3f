// Connects the official MCP clients of each supported major and protocol revision, over HTTP or
// stdio, behind one small interface the end-to-end tests share. Each SDK is loaded when a client of its
// kind first connects: most test files use one kind, and each SDK takes a part of a second to load.

import type { Client as ClientV2 } from "@modelcontextprotocol/client";
import { mainScript } from "./http-server-process.ts";

/** Which official client, speaking which protocol revision. */
export type ClientKind = "v2-modern" | "v2-2025-11-25" | "v2-2025-06-18" | "v1-2025-11-25" | "v1-2025-06-18";

/** Where the server is: an HTTP URL, or an environment to spawn it over stdio with. */
export type Target =
  | {
      transport: "http";
      url: string;
      /** Sent with every request, e.g. Authorization. */
      headers?: Record<string, string>;
    }
  | {
      transport: "stdio";
      environment: Record<string, string>;
      /** How to start the server; default: this Node running the source entry point. */
      command?: { file: string; args: string[] };
      /** The server's working directory; default: this process's. */
      directory?: string;
    };

/** A tool call's result as the tests read it. */
export interface ToolResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
}

/** What the tests need of a connected client. */
export interface TestClient {
  kind: ClientKind;
  protocolVersion: string | undefined;
  /** The capabilities the server declared at initialization. */
  serverCapabilities: Record<string, unknown>;
  /** The SDK client itself, for calls the interface does not cover (prompts, logging). */
  // biome-ignore lint/suspicious/noExplicitAny: the three SDKs' clients differ in type
  raw: any;
  listTools(): Promise<
    { name: string; title?: string; description?: string; inputSchema: unknown; outputSchema?: unknown }[]
  >;
  callTool(
    name: string,
    args: Record<string, unknown>,
    options?: {
      onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
      signal?: AbortSignal;
      /** The SDK's request timeout; default 60 s, reset by progress. */
      timeout?: number;
      resetTimeoutOnProgress?: boolean;
      /** The request's `_meta` (the SDK adds the progress token to it). */
      meta?: Record<string, unknown>;
    },
  ): Promise<ToolResult>;
  listResources(): Promise<{ uri: string; name: string; mimeType?: string }[]>;
  readResource(uri: string): Promise<{ contents: { uri: string; mimeType?: string; text?: string }[] }>;
  close(): Promise<void>;
}

const clientInfo = { name: "ai-universe-e2e", version: "1.0.0" };
const timeout = { timeout: 60_000, resetTimeoutOnProgress: true };

/** A question the server asks the client (elicitation, form mode), as the tests see it. */
export interface Elicitation {
  message: string;
  requestedSchema: { properties: Record<string, Record<string, unknown>> };
}

/** What the person answers: the action and, when accepting, the form's content. */
export interface ElicitationAnswer {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, string | number | boolean>;
}

/** How a client is set up: with `answer`, it declares elicitation (form) and answers with it. */
export interface ClientOptions {
  answer?: (question: Elicitation) => ElicitationAnswer | Promise<ElicitationAnswer>;
}

/** Connects a client of `kind` to `target`. */
export async function connectClient(
  kind: ClientKind,
  target: Target,
  clientOptions: ClientOptions = {},
): Promise<TestClient> {
  const { answer } = clientOptions;
  const elicitation = answer ? { capabilities: { elicitation: { form: {} } } } : {};
  const stdio =
    target.transport === "stdio"
      ? {
          command: target.command?.file ?? process.execPath,
          args: target.command?.args ?? [mainScript, "mcp"],
          env: target.environment,
          ...(target.directory ? { cwd: target.directory } : {}),
          stderr: "pipe" as const,
        }
      : undefined;
  const url = target.transport === "http" ? new URL(`${target.url}/mcp`) : undefined;
  const http = { requestInit: { headers: (target.transport === "http" && target.headers) || {} } };
  // The three SDKs have structurally different types; the tests only use their common surface.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  let client: any;
  // biome-ignore lint/suspicious/noExplicitAny: see above
  let transport: any;
  if (kind.startsWith("v2")) {
    const options: ConstructorParameters<typeof ClientV2>[1] =
      kind === "v2-modern"
        ? { versionNegotiation: { mode: "auto" } }
        : kind === "v2-2025-06-18"
          ? { supportedProtocolVersions: ["2025-06-18"] }
          : {};
    const sdk = await import("@modelcontextprotocol/client");
    client = new sdk.Client(clientInfo, { ...options, ...elicitation });
    if (answer) {
      client.setRequestHandler("elicitation/create", (request: { params: Elicitation }) =>
        answer(request.params),
      );
    }
    transport = stdio
      ? new (await import("@modelcontextprotocol/client/stdio")).StdioClientTransport(stdio)
      : new sdk.StreamableHTTPClientTransport(url as URL, http);
  } else if (kind === "v1-2025-11-25") {
    client = new (await import("@modelcontextprotocol/sdk/client/index.js")).Client(clientInfo, elicitation);
    if (answer) {
      const { ElicitRequestSchema } = await import("@modelcontextprotocol/sdk/types.js");
      client.setRequestHandler(ElicitRequestSchema, (request: { params: Elicitation }) =>
        answer(request.params),
      );
    }
    transport = stdio
      ? new (await import("@modelcontextprotocol/sdk/client/stdio.js")).StdioClientTransport(stdio)
      : new (
          await import("@modelcontextprotocol/sdk/client/streamableHttp.js")
        ).StreamableHTTPClientTransport(url as URL, http);
  } else {
    client = new (await import("mcp-sdk-2025-06-18/client/index.js")).Client(clientInfo);
    transport = stdio
      ? new (await import("mcp-sdk-2025-06-18/client/stdio.js")).StdioClientTransport(stdio)
      : new (await import("mcp-sdk-2025-06-18/client/streamableHttp.js")).StreamableHTTPClientTransport(
          url as URL,
          http,
        );
  }
  const initialized = recordInitializeResult(transport);
  await client.connect(transport);
  const protocolVersion: string | undefined =
    typeof client.getNegotiatedProtocolVersion === "function"
      ? client.getNegotiatedProtocolVersion()
      : initialized.protocolVersion;
  return {
    kind,
    protocolVersion,
    serverCapabilities: client.getServerCapabilities() ?? {},
    raw: client,
    async listTools() {
      return (await client.listTools()).tools;
    },
    async callTool(name, args, options = {}) {
      const { meta, ...sdkOptions } = options;
      const request = { name, arguments: args, ...(meta ? { _meta: meta } : {}) };
      // v2 takes (params, options); v1 takes (params, resultSchema, options).
      if (kind.startsWith("v2")) return client.callTool(request, { ...timeout, ...sdkOptions });
      return client.callTool(request, undefined, { ...timeout, ...sdkOptions });
    },
    async listResources() {
      return (await client.listResources()).resources;
    },
    async readResource(uri) {
      return client.readResource({ uri });
    },
    async close() {
      await client.close();
    },
  };
}

/** Watches the transport's incoming messages for the server's `initialize` answer. */
// biome-ignore lint/suspicious/noExplicitAny: wraps transports of three SDK versions
function recordInitializeResult(transport: any): { protocolVersion?: string } {
  const seen: { protocolVersion?: string } = {};
  let handler: ((message: unknown, extra?: unknown) => void) | undefined;
  const wrapped = (message: { result?: { protocolVersion?: string } }, extra?: unknown) => {
    if (typeof message.result?.protocolVersion === "string")
      seen.protocolVersion ??= message.result.protocolVersion;
    handler?.(message, extra);
  };
  Object.defineProperty(transport, "onmessage", {
    configurable: true,
    get: () => (handler ? wrapped : undefined),
    set: (value) => {
      handler = value;
    },
  });
  return seen;
}
