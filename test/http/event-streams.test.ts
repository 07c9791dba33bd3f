// The page's two event streams when the client is gone before the stream begins: a client that leaves
// while its request is still being authorised has closed the response before the handler can listen for
// "close", which Node does not emit again. The work must still be told at once (its signal aborted), or a
// late-opinion watch runs to its deadline for nobody and its keep-alive timer holds a stopping server up.

import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, get, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, it } from "node:test";
import type { Caller } from "../../src/application/index.ts";
import { streamConsultation, streamLateOpinions } from "../../src/http/event-streams.ts";
import type { WebApiServices } from "../../src/http/http-services.ts";

const caller = { userId: "someone" } as Caller;

/** Serves one request whose client leaves before `handle` starts; resolves with what `handle` saw. */
async function afterClientLeft<Seen>(
  handle: (response: ServerResponse, seen: (value: Seen) => void) => Promise<void>,
): Promise<Seen> {
  let resolve: (value: Seen) => void = () => {};
  const seen = new Promise<Seen>((settle) => {
    resolve = settle;
  });
  const server = createServer(async (_request: IncomingMessage, response: ServerResponse) => {
    if (!response.closed) await once(response, "close");
    await handle(response, resolve).catch(() => {});
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const client = get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  client.on("error", () => {});
  client.on("socket", (socket) => socket.on("connect", () => setImmediate(() => client.destroy())));
  try {
    return await seen;
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe("an event stream whose client left before it began", () => {
  it("stops the late-opinion watch at once", async () => {
    const aborted = await afterClientLeft<boolean>(async (response, seen) => {
      const services = {
        application: {
          watchLateOpinions: async (_caller: Caller, _input: unknown, options: { signal: AbortSignal }) => {
            seen(options.signal.aborted);
            return [];
          },
        },
      } as unknown as WebApiServices;
      await streamLateOpinions(response, caller, services, "message-id");
    });
    assert.equal(aborted, true);
  });

  it("cancels the consultation at once", async () => {
    const aborted = await afterClientLeft<boolean>(async (response, seen) => {
      const services = {
        application: {
          secondOpinion: async (_caller: Caller, _body: unknown, options: { signal: AbortSignal }) => {
            seen(options.signal.aborted);
            throw options.signal.reason;
          },
        },
      } as unknown as WebApiServices;
      await streamConsultation(response, caller, services, {});
    });
    assert.equal(aborted, true);
  });
});
