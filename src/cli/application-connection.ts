// What the terminal commands talk to: the application in this process (the local store and the
// configured providers), or a running server over MCP (`--server URL`, with `--api-key`). Both give
// the same results and the same errors, so every command prints the same either way. An answer's late
// opinions are followed in the store here, or at the server's /api/answers/{id}/late-opinions.

import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { type ConsultationOptions, localCaller } from "../application/index.ts";
import type { SecondOpinionResult, SendMessageResult } from "../contract/consultation-results.ts";
import type {
  ConversationListResult,
  DeleteResult,
  HistoryResult,
  SearchResult,
} from "../contract/conversations.ts";
import type { ModelListing } from "../contract/models.ts";
import { type ConsultationEvent, progressEventKey, streamTextKey } from "../contract/progress-events.ts";
import type { ReplayAnswer } from "../contract/replay.ts";
import { errorCodeOf, ServiceError } from "../contract/service-error.ts";
import type { Usage } from "../contract/usage.ts";
import type { CommandOptions } from "./command-line.ts";
import { launchRuntime } from "./launch-runtime.ts";
import { type FollowOptions, followRemoteLateOpinions } from "./remote-late-opinions.ts";

/**
 * How a running call reports and is stopped, as the application takes it; a server streams the answers
 * as they form (`stream`) into the progress of a call that asks (`streamTextKey`).
 */
export type CallOptions = Omit<ConsultationOptions, "client">;

/** The use cases the terminal commands need. */
export interface ApplicationConnection {
  /** Where it talks to, for messages: the database file or the server URL. */
  readonly where: string;
  /** Models still running after an answer run in this process: they stop when it exits. */
  readonly lateOpinionsRunHere: boolean;
  /** Names of the models available now. */
  models(): Promise<string[]>;
  /** The `models` listing as the caller may see it (where keys and prices come from for the local user alone). */
  listModels(): Promise<ModelListing>;
  secondOpinion(input: Record<string, unknown>, options: CallOptions): Promise<SecondOpinionResult>;
  sendMessage(input: Record<string, unknown>, options: CallOptions): Promise<SendMessageResult>;
  /** A stored question asked again as a new turn, with what changed (the full result). */
  replay(input: Record<string, unknown>, options: CallOptions): Promise<ReplayAnswer>;
  getHistory(input: Record<string, unknown>): Promise<HistoryResult>;
  listConversations(input: Record<string, unknown>): Promise<ConversationListResult>;
  searchConversations(input: Record<string, unknown>): Promise<SearchResult>;
  deleteConversation(input: Record<string, unknown>): Promise<DeleteResult>;
  usage(): Promise<Usage>;
  /**
   * Follows the late opinions of the answer `messageId` until all have landed; resolves with the
   * models whose opinion will not come (none when every one did).
   */
  followLateOpinions(messageId: string, options: FollowOptions): Promise<string[]>;
  close(): Promise<void>;
}

/** Connects as `options` say: to `--server` when given, else to the application in this process. */
export function connect(options: CommandOptions): Promise<ApplicationConnection> {
  const server = options.terminal?.server;
  return server ? connectToServer(server, options.terminal?.apiKey) : connectLocal(options);
}

async function connectLocal(options: CommandOptions): Promise<ApplicationConnection> {
  const runtime = await launchRuntime(options, false);
  const { application } = runtime;
  return {
    where: runtime.configuration.databaseUrl,
    lateOpinionsRunHere: true,
    models: async () => application.models.available.map((entry) => entry.name),
    listModels: () => application.modelListing(localCaller),
    secondOpinion: (input, call) =>
      application.secondOpinion(localCaller, input, { ...call, client: { via: "cli" } }),
    sendMessage: (input, call) => application.sendMessage(localCaller, input, call),
    replay: (input, call) => application.replay(localCaller, input, { ...call, client: { via: "cli" } }),
    getHistory: (input) => application.getHistory(localCaller, input),
    listConversations: (input) => application.listConversations(localCaller, input),
    searchConversations: (input) => application.searchConversations(localCaller, input),
    deleteConversation: (input) => application.deleteConversation(localCaller, input),
    usage: () => application.usage(localCaller),
    followLateOpinions: (messageId, options) =>
      application.watchLateOpinions(localCaller, { messageId }, options),
    close: () => runtime.close(),
  };
}

/** Connects to the server at `server` (its base URL or its /mcp), sending `apiKey` when given. */
export async function connectToServer(
  server: string,
  apiKey: string | undefined,
): Promise<ApplicationConnection> {
  const base = server.replace(/\/+$/, "").replace(/\/mcp$/, "");
  const client = new Client(
    { name: "ai-universe-cli", version: "1" },
    { versionNegotiation: { mode: "auto" } },
  );
  const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  try {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }),
    );
  } catch (error) {
    throw new ServiceError(
      "invalid_argument",
      `Cannot reach an ai-universe server at ${base}/mcp: ${(error as Error).message}${apiKey ? "" : " (does it need --api-key?)"}`,
    );
  }
  const call = async <T>(name: string, input: Record<string, unknown>, options?: CallOptions): Promise<T> => {
    const result = await client.callTool(
      {
        name,
        arguments: input,
        ...(options?.onEvent && options.stream ? { _meta: { [streamTextKey]: true } } : {}),
      },
      {
        timeout: 600_000,
        resetTimeoutOnProgress: true,
        ...(options?.signal ? { signal: options.signal } : {}),
        ...(options?.onEvent
          ? {
              onprogress: (progress: { progress: number }) => {
                // The SDK hands on the whole notification, _meta included, though its type leaves it out.
                const meta = (progress as { _meta?: Record<string, unknown> })._meta;
                const event = meta?.[progressEventKey];
                if (event) options.onEvent?.(event as ConsultationEvent);
              },
            }
          : {}),
      },
    );
    if (result.isError) throw remoteError(result);
    return result.structuredContent as T;
  };
  return {
    where: base,
    lateOpinionsRunHere: false,
    models: async () => {
      // The models are shown only to a caller the server knows (on a server with accounts).
      const health = (await (await fetch(`${base}/health`, { headers })).json()) as {
        models?: { available?: { name: string }[] };
      };
      return (health.models?.available ?? []).map((entry) => entry.name);
    },
    // The terminal shows (and --json prints) the whole result, as a local call gives it.
    secondOpinion: (input, options) => call("agent.second_opinion", { ...input, detail: "full" }, options),
    sendMessage: (input, options) => call("conversation.send-message", input, options),
    replay: (input, options) => call("conversation.replay", { ...input, detail: "full" }, options),
    getHistory: (input) => call("conversation.get-history", input),
    listConversations: (input) => call("conversation.list", input),
    searchConversations: (input) => call("conversation.search", input),
    deleteConversation: (input) => call("conversation.delete", input),
    usage: () => call("usage", {}),
    listModels: () => call("models", {}),
    followLateOpinions: (messageId, options) => followRemoteLateOpinions(base, headers, messageId, options),
    close: () => client.close(),
  };
}

/** A tool error of the server as the ServiceError it was there: the same code and message. */
function remoteError(result: { content?: unknown; _meta?: Record<string, unknown> }): ServiceError {
  const blocks = Array.isArray(result.content) ? (result.content as { text?: string }[]) : [];
  const text = blocks.map((block) => block.text ?? "").join("\n");
  const { code, ...details } = (result._meta?.["ai-universe/error"] ?? {}) as Record<string, unknown>;
  return new ServiceError(errorCodeOf(code), text.replace(/^[a-z_]+: /, ""), details);
}
