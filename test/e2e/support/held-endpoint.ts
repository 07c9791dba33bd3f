// An OpenAI-compatible endpoint whose model list (`GET /v1/models`, what the server probes at start to
// see whether an endpoint model can be used) is answered only when the test lets it: a start that waits
// for it is still checking its models until then, whatever the machine's load.

import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One probe the endpoint received. */
export interface Probe {
  path: string;
  /** Whether the caller gave up on it before it was answered (the server's probe has a time limit). */
  aborted: boolean;
  answered: boolean;
}

/** A running held endpoint. */
export interface HeldEndpoint {
  /** The endpoint's root, e.g. for OLLAMA_BASE_URL. */
  url: string;
  probes: Probe[];
  /** Holds every probe from now on until the returned function is called, which answers them. */
  hold(): () => void;
  close(): Promise<void>;
}

/** Starts a held endpoint on a free port of 127.0.0.1; it answers at once until `hold` is called. */
export async function startHeldEndpoint(): Promise<HeldEndpoint> {
  const probes: Probe[] = [];
  /** The answers waiting for their release, while probes are held. */
  let held: (() => void)[] | undefined;
  const answer = (response: ServerResponse, probe: Probe) => {
    if (probe.aborted) return;
    probe.answered = true;
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ object: "list", data: [{ id: "held-model", object: "model" }] }));
  };
  const server = createServer((request, response) => {
    const probe: Probe = { path: request.url ?? "", aborted: false, answered: false };
    probes.push(probe);
    response.once("close", () => {
      if (!probe.answered) probe.aborted = true;
    });
    const respond = () => answer(response, probe);
    if (held) held.push(respond);
    else respond();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    probes,
    hold() {
      const waiting: (() => void)[] = [];
      held = waiting;
      return () => {
        if (held === waiting) held = undefined;
        for (const respond of waiting) respond();
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
