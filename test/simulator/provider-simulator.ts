// A real local HTTP server that speaks each LLM provider's wire protocol closely enough for the official
// AI SDK providers, so tests and benchmarks exercise the real clients without reaching the internet.
// Routes by path suffix after the provider prefix (the first path segment, e.g. `/openai/v1/responses`).

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { anthropicMessages } from "./anthropic-messages.ts";
import { type BehaviourBook, createBehaviourBook, type ModelBehaviour } from "./behaviour.ts";
import { handleControl } from "./control.ts";
import { errorBody } from "./error-bodies.ts";
import { geminiGenerateContent, geminiMethodOf } from "./gemini-generate-content.ts";
import {
  createModelListings,
  handleListingControl,
  unknownModelAnswer,
  writeModelListing,
} from "./model-listings.ts";
import { openaiChat } from "./openai-chat.ts";
import { openaiResponses } from "./openai-responses.ts";
import type { ParsedRequest, Protocol, ProtocolName } from "./protocol.ts";
import { replyOf } from "./reply.ts";
import { createRequestLog, type RecordedRequest } from "./request-log.ts";
import { writeJson, writeRendered } from "./write-response.ts";

export type { Attachment } from "./attachments.ts";
export type { ModelBehaviour, SimulatedCitation, SimulatedReasoning, SimulatedUsage } from "./behaviour.ts";
export type { RecordedRequest } from "./request-log.ts";

/**
 * A running simulator. Base URLs: `${url}/openai/v1`, `${url}/anthropic/v1`, `${url}/google/v1beta`,
 * `${url}/xai/v1`, `${url}/cerebras/v1`, `${url}/perplexity`, `${url}/openrouter/api/v1`, `${url}/ollama/v1`.
 */
export interface ProviderSimulator {
  /** e.g. "http://127.0.0.1:40123". */
  url: string;
  /** The live log of provider requests (control requests are not logged). */
  requests: RecordedRequest[];
  /** Scripts the model with this id (as sent in the request); replaces the default for it. */
  setBehaviour(model: string, behaviour: ModelBehaviour): void;
  setDefaultBehaviour(behaviour: ModelBehaviour): void;
  /**
   * Replaces the model ids `provider` (a path prefix such as "anthropic") lists, which by default are
   * its catalog models and a few more; generation requests for any other model then fail as the vendor's
   * do. Also `POST /__simulator/listed-models` with `{provider, ids}`.
   */
  setListedModels(provider: string, ids: readonly string[]): void;
  /**
   * Holds the answers of the models with these ids (those of requests `only` picks, or all), once their
   * latency has passed, until the returned function is called (in-process only): a test then decides
   * when a slow model lands, whatever the machine's load, rather than guessing a latency long enough.
   */
  hold(models: string | readonly string[], only?: (request: RecordedRequest) => boolean): () => void;
  /** Clears behaviours, listed models and the request log, and lets held answers go. */
  reset(): void;
  /**
   * Resolves as soon as the predicate holds for the log (checked on every change); rejects on timeout
   * (default 30 s).
   */
  waitForRequests(predicate: (requests: RecordedRequest[]) => boolean, timeoutMs?: number): Promise<void>;
  /** Stops the server and destroys open sockets, including hanging requests. */
  close(): Promise<void>;
}

/** Starts a simulator on `host` (default 127.0.0.1) and `port` (default: any free port). */
export async function startProviderSimulator(
  options: { port?: number; host?: string } = {},
): Promise<ProviderSimulator> {
  const book = createBehaviourBook();
  const log = createRequestLog();
  const listings = createModelListings();
  const held = new Map<
    string,
    { gate: Promise<void>; release: () => void; only?: (request: RecordedRequest) => boolean }
  >();
  const server = createServer((request, response) => {
    handleRequest(request, response).catch((error: unknown) => {
      if (response.headersSent) response.destroy();
      else
        writeJson(response, 500, {
          error: { message: `Simulator failure: ${String(error)}`, type: "server_error" },
        });
    });
  });

  async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const startedAt = performance.now();
    const url = new URL(request.url ?? "/", "http://simulator.invalid");
    const text = await readBody(request);
    if (url.pathname.startsWith("/__simulator/")) {
      if (handleListingControl(request.method ?? "GET", url, text, listings, response)) return;
      handleControl({ method: request.method ?? "GET", url, text, book, log, response });
      return;
    }
    const provider = url.pathname.split("/").find((segment) => segment.length > 0) ?? "";
    if (request.method === "GET" && url.pathname.endsWith("/models")) {
      // The providers' model listings, which `ai-universe doctor` and `models --check` read.
      const key =
        request.headers.authorization?.replace(/^Bearer /, "") ??
        request.headers["x-api-key"] ??
        request.headers["x-goog-api-key"] ??
        url.searchParams.get("key") ??
        "";
      // Ollama needs no key, and OpenRouter's model list is public.
      const keyless = provider === "ollama" || provider === "openrouter";
      if (!keyless && (!key || String(key).includes("rejected"))) {
        writeJson(response, 401, errorBody(provider, nativeProtocolOf(provider), 401, "Invalid API key."));
      } else writeModelListing(response, provider, url, listings);
      return;
    }
    const protocol = protocolFor(url.pathname);
    if (request.method !== "POST" || !protocol) {
      const message = `The simulator has no endpoint for ${request.method} ${url.pathname}`;
      writeJson(
        response,
        404,
        errorBody(provider, protocol?.name ?? nativeProtocolOf(provider), 404, message),
      );
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      writeJson(
        response,
        400,
        errorBody(provider, protocol.name, 400, "The request body is not valid JSON."),
      );
      return;
    }
    const parsed = protocol.parse(body, url);
    const recorded: RecordedRequest = {
      provider,
      protocol: protocol.name,
      path: `${url.pathname}${url.search}`,
      model: parsed.model,
      stream: parsed.stream,
      structured: parsed.structured !== undefined,
      search: parsed.search,
      reasoning: parsed.reasoning !== undefined,
      attachments: parsed.attachments,
      body,
      headers: { ...request.headers },
      startedAt,
      aborted: false,
    };
    response.once("close", () => {
      recorded.finishedAt = performance.now();
      recorded.aborted = !response.writableFinished;
      log.changed();
    });
    log.record(recorded);
    const unknown = unknownModelAnswer(provider, parsed.model, listings);
    if (unknown) {
      writeJson(response, unknown.status, unknown.body);
      return;
    }
    const hold = held.get(parsed.model);
    const gate = hold && (!hold.only || hold.only(recorded)) ? hold.gate : undefined;
    await respond(response, { provider, protocol, url, body, parsed, book, gate });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    requests: log.requests,
    setBehaviour: (model, behaviour) => book.set(model, behaviour),
    setDefaultBehaviour: (behaviour) => book.setDefault(behaviour),
    setListedModels: (provider, ids) => listings.set(provider, ids),
    hold(models, only) {
      const releases = (typeof models === "string" ? [models] : models).map((model) => {
        const existing = held.get(model);
        if (existing) return existing.release;
        let open = () => {};
        const gate = new Promise<void>((resolve) => (open = resolve));
        const release = () => {
          if (held.get(model)?.gate === gate) held.delete(model);
          open();
        };
        held.set(model, { gate, release, ...(only ? { only } : {}) });
        return release;
      });
      return () => {
        for (const release of releases) release();
      };
    },
    reset() {
      for (const { release } of [...held.values()]) release();
      book.reset();
      listings.reset();
      log.clear();
    },
    // Long enough for a request to arrive on a machine busy with the whole test run; a wait that holds
    // ends at once.
    waitForRequests: (predicate, timeoutMs = 30_000) => log.waitFor(predicate, timeoutMs),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The protocol whose error shape a provider uses when the path names no protocol. */
function nativeProtocolOf(provider: string): ProtocolName {
  if (provider === "anthropic") return "anthropic-messages";
  if (provider === "google") return "gemini-generate-content";
  return "openai-chat";
}

function protocolFor(pathname: string): Protocol | undefined {
  if (pathname.endsWith("/chat/completions")) return openaiChat;
  if (pathname.endsWith("/responses")) return openaiResponses;
  if (pathname.endsWith("/messages")) return anthropicMessages;
  if (geminiMethodOf(pathname)) return geminiGenerateContent;
  return undefined;
}

interface Exchange {
  provider: string;
  protocol: Protocol;
  url: URL;
  body: unknown;
  parsed: ParsedRequest;
  book: BehaviourBook;
  /** What the answer waits for once its latency has passed (`hold`). */
  gate: Promise<void> | undefined;
}

async function respond(response: ServerResponse, exchange: Exchange): Promise<void> {
  const { provider, protocol, url, body, parsed } = exchange;
  const { latencyMs, outcome } = exchange.book.decide(parsed.model, parsed.prompt, parsed);
  if (!(await waitUnlessClosed(response, latencyMs))) return;
  if (exchange.gate && !(await untilUnlessClosed(response, exchange.gate))) return;
  switch (outcome.kind) {
    case "hang":
      return;
    case "fail": {
      const headers: Record<string, string> =
        outcome.retryAfterSeconds === undefined ? {} : { "retry-after": String(outcome.retryAfterSeconds) };
      writeJson(
        response,
        outcome.status,
        errorBody(provider, protocol.name, outcome.status, outcome.message),
        headers,
      );
      return;
    }
    case "malformed":
      writeRendered(response, protocol.malformed(parsed.stream, url));
      return;
    case "answer":
      writeRendered(response, protocol.render(replyOf(outcome, parsed, provider, body), url));
  }
}

/** Waits `milliseconds`; resolves false instead if the client disconnects first. */
function waitUnlessClosed(response: ServerResponse, milliseconds: number): Promise<boolean> {
  if (response.destroyed) return Promise.resolve(false);
  if (milliseconds <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      response.off("close", onClose);
      resolve(true);
    }, milliseconds);
    response.once("close", onClose);
  });
}

/** Waits for `gate`; false when the client went away first. */
function untilUnlessClosed(response: ServerResponse, gate: Promise<void>): Promise<boolean> {
  if (response.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onClose = () => resolve(false);
    response.once("close", onClose);
    void gate.then(() => {
      response.off("close", onClose);
      resolve(!response.destroyed);
    });
  });
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}
