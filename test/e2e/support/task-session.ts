// The Tasks extension's client session (@modelcontextprotocol/ext-tasks) over a connected official SDK v2
// client on 2026-07-28, as the package documents it: the SDK's codecs refuse task wire shapes, so the
// session sends tools/call and tasks/* through a raw request path of the host's, framed with the revision,
// client info and capabilities. That path here is the SDK client's own transport (its HTTP framing and
// headers, or its stdio lines): requests go out with ids of their own, and their answers are taken off
// the transport before the SDK's client sees them, so any transport the SDK has works alike.

import type { Client, JSONRPCMessage } from "@modelcontextprotocol/client";
import {
  createTaskSessionFromClient,
  type JsonRpcResponse,
  type RawClientDispatch,
  type TaskEnabledSession,
} from "@modelcontextprotocol/ext-tasks/client";

/** What the end-to-end clients say they are (test/e2e/support/mcp-clients.ts). */
const clientInfo = { name: "ai-universe-e2e", version: "1.0.0" };

/** Opens a task session on `client`, a "v2-modern" SDK client already connected. */
export function openTaskSession(client: Client, endpointId: string): TaskEnabledSession {
  return createTaskSessionFromClient(client, {
    endpointId,
    rawDispatch: transportDispatch(client),
    v2RequestFraming: { protocolVersion: "2026-07-28", clientInfo, clientCapabilities: {} },
  });
}

type OnMessage = (message: JSONRPCMessage, extra?: unknown) => void;

/** A raw request path over `client`'s transport: it owns its request ids and matches each answer. */
function transportDispatch(client: Client): RawClientDispatch {
  const transport = client.transport;
  if (!transport) throw new Error("connect the client before opening a task session");
  const pending = new Map<string, (response: JsonRpcResponse) => void>();
  const delivered = transport.onmessage as OnMessage | undefined;
  // A plain property in place of whatever the transport has (some tests watch it through an accessor).
  Object.defineProperty(transport, "onmessage", {
    configurable: true,
    writable: true,
    value: (message: JSONRPCMessage, extra?: unknown) => {
      const id = "id" in message ? String(message.id) : undefined;
      const answer = id === undefined ? undefined : pending.get(id);
      if (!answer) return delivered?.(message, extra);
      pending.delete(id as string);
      if ("error" in message) answer({ kind: "error", error: message.error as never });
      else if ("result" in message) answer({ kind: "result", result: message.result as never });
    },
  });
  let next = 0;
  return async (request, options) => {
    next += 1;
    const id = `ext-tasks-${next}`;
    const answered = new Promise<JsonRpcResponse>((resolve) => pending.set(id, resolve));
    const message = { jsonrpc: "2.0", id, ...(request as object) } as JSONRPCMessage;
    await transport.send(message, {
      ...(options?.signal ? { requestSignal: options.signal } : {}),
      ...(options?.context?.headers ? { headers: { ...options.context.headers } } : {}),
    } as never);
    if (!options?.signal) return answered;
    const { signal } = options;
    signal.throwIfAborted();
    return Promise.race([
      answered,
      new Promise<never>((_, reject) =>
        signal.addEventListener("abort", () => reject(signal.reason), { once: true }),
      ),
    ]);
  };
}
