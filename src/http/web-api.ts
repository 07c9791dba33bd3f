// The web page's JSON API under /api: a thin translation of the same use cases the MCP tools call,
// with the same authentication (a key or token, exchanged at sign-in for a session whose id the browser
// keeps in an HttpOnly SameSite cookie; see sign-in.ts and web-session.ts),
// isolation, limits and budgets. A consultation streams its progress as server-sent events, answers
// included as they form (`model-text`); closing the stream cancels it. The application answers the
// page by the server's answer-by time unless the page asks for another; the models still running then are followed at
// /api/answers/{id}/late-opinions (late-opinion-stream.ts). The caller's evaluation runs are listed at
// /api/evaluations, each one's report at /api/evaluations/{id} (`?questions=1`: with a page of its
// questions). Requests that change something must carry `X-Requested-With: ai-universe`, which a page
// on another site cannot send without a preflight this server never grants.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/server";
import type { Caller } from "../application/caller.ts";
import { errorBody } from "../contract/error-table.ts";
import { maxRequestBytes } from "../contract/request-size.ts";
import { reportError } from "../contract/service-error.ts";
import type { PageModelListing, SignedInState } from "../contract/web-api.ts";
import { callerOfAuth } from "../mcp/caller.ts";
import type { Runtime } from "../runtime/runtime.ts";
import type { Authenticator } from "./authentication.ts";
import { questionPage } from "./evaluation-query.ts";
import { sendError, sendJson } from "./http-responses.ts";
import { streamLateOpinions } from "./late-opinion-stream.ts";
import { readJsonBody } from "./read-body.ts";
import { serveSignIn } from "./sign-in.ts";

/** Serves one /api request. */
export async function serveWebApi(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  runtime: Runtime,
  authenticator: Authenticator,
): Promise<void> {
  const method = request.method ?? "GET";
  if (method !== "GET" && request.headers["x-requested-with"] !== "ai-universe") {
    sendError(
      response,
      "forbidden",
      "Send X-Requested-With: ai-universe with requests that change something.",
    );
    return;
  }
  if (path === "/api/session")
    return serveSignIn(request, response, method, runtime.configuration.auth, authenticator);
  if (path === "/api/me" && runtime.configuration.auth.mode !== "none") {
    const signedIn = await authenticator.check(request, response, { cookie: true, silent: true });
    if (!signedIn) {
      sendJson(response, 200, { signedIn: false, authMode: runtime.configuration.auth.mode });
      return;
    }
  } else if (!(await authenticator.check(request, response, { cookie: true }))) return;
  const caller = callerOfAuth((request as IncomingMessage & { auth?: AuthInfo }).auth);
  try {
    await route(request, response, method, path, caller, runtime);
  } catch (thrown) {
    const report = reportError(thrown);
    if (!report.expected) runtime.log(`web api: ${(thrown as Error)?.stack ?? String(thrown)}`);
    const retry =
      typeof report.details?.retryAfterSeconds === "number"
        ? { "retry-after": String(report.details.retryAfterSeconds) }
        : undefined;
    sendError(response, report.code, report.message, { details: report.details, headers: retry });
  }
}

async function route(
  request: IncomingMessage,
  response: ServerResponse,
  method: string,
  path: string,
  caller: Caller,
  runtime: Runtime,
): Promise<void> {
  const { application } = runtime;
  const url = new URL(request.url ?? "/", "http://localhost");
  const conversation = /^\/api\/conversations\/([^/]+)(\/markdown)?$/.exec(path);
  const answer = /^\/api\/answers\/([^/]+)\/late-opinions$/.exec(path);
  const evaluation = /^\/api\/evaluations\/([^/]+)$/.exec(path);
  if (path === "/api/me") {
    sendJson(response, 200, {
      signedIn: true,
      authMode: runtime.configuration.auth.mode,
      userId: caller.userId,
      tier: caller.tier,
    } satisfies SignedInState);
  } else if (path === "/api/models" && method === "GET") {
    // Like the page's load itself, not counted against the tier (the `models` use case is).
    const listing = await application.modelListing();
    sendJson(response, 200, {
      models: listing.models
        .filter((model) => model.available)
        .map((model) => ({
          name: model.name,
          displayName: model.displayName,
          provider: model.provider,
          inputPricePerMillion: model.pricing?.inputPerMillion ?? null,
          outputPricePerMillion: model.pricing?.outputPerMillion ?? null,
          deprecated: model.deprecated,
          webSearch: model.webSearch,
          reads: model.reads,
        })),
      panels: listing.panels,
      priceData: listing.priceData,
    } satisfies PageModelListing);
  } else if (path === "/api/usage" && method === "GET") {
    sendJson(response, 200, await application.usage(caller));
  } else if (path === "/api/conversations" && method === "GET") {
    const query = url.searchParams.get("search");
    sendJson(
      response,
      200,
      query
        ? await application.searchConversations(caller, { query, limit: 50 })
        : await application.listConversations(caller, { limit: 100 }),
    );
  } else if (path === "/api/evaluations" && method === "GET") {
    sendJson(response, 200, await application.listEvaluations(caller, {}));
  } else if (evaluation?.[1] && method === "GET") {
    sendJson(
      response,
      200,
      await application.evaluationReport(caller, {
        runId: evaluation[1],
        ...questionPage(url.searchParams),
      }),
    );
  } else if (path === "/api/consultations" && method === "POST") {
    const read = await readJsonBody(request, response, maxRequestBytes);
    if (read) await streamConsultation(response, caller, runtime, read.body);
  } else if (answer?.[1] && method === "GET") {
    await streamLateOpinions(response, caller, runtime, answer[1]);
  } else if (conversation?.[1] && method === "GET" && conversation[2]) {
    const markdown = await application.readConversationMarkdown(caller, { conversationId: conversation[1] });
    response
      .writeHead(200, {
        "content-type": "text/markdown; charset=utf-8",
        "content-disposition": `attachment; filename="conversation-${conversation[1].replace(/[^\w-]/g, "")}.md"`,
      })
      .end(markdown);
  } else if (conversation?.[1] && method === "GET") {
    sendJson(
      response,
      200,
      await application.getHistory(caller, { conversationId: conversation[1], limit: 200 }),
    );
  } else if (conversation?.[1] && method === "PATCH") {
    const read = await readJsonBody(request, response, 65_536);
    if (read) {
      const { title } = (read.body ?? {}) as { title?: unknown };
      sendJson(
        response,
        200,
        await application.renameConversation(caller, { conversationId: conversation[1], title }),
      );
    }
  } else if (conversation?.[1] && method === "DELETE") {
    sendJson(
      response,
      200,
      await application.deleteConversation(caller, { conversationId: conversation[1] }),
    );
  } else {
    sendError(response, "not_found", `No ${method} ${path} in this API.`);
  }
}

/** Runs a consultation, streaming each progress event and then the result (or the error) as SSE. */
async function streamConsultation(
  response: ServerResponse,
  caller: Caller,
  runtime: Runtime,
  body: unknown,
): Promise<void> {
  const controller = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) controller.abort();
  });
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-store",
    "x-accel-buffering": "no",
  });
  const send = (event: string, data: unknown) =>
    response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const keepAlive = setInterval(() => response.write(": still working\n\n"), 15_000);
  try {
    const result = await runtime.application.secondOpinion(caller, body, {
      signal: controller.signal,
      onEvent: (event) => send("progress", event),
      stream: true,
      client: { via: "web" },
    });
    send("result", result);
  } catch (thrown) {
    if (controller.signal.aborted) return;
    const report = reportError(thrown);
    if (!report.expected) runtime.log(`web api: ${(thrown as Error)?.stack ?? String(thrown)}`);
    send("error", errorBody(report.code, report.message, report.details).error);
  } finally {
    clearInterval(keepAlive);
    response.end();
  }
}
