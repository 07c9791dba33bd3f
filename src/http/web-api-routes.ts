// The web page's JSON API under /api, entries of the server's one route table: a thin translation of the
// use cases the MCP tools call, with the same authentication (a key or token, exchanged at sign-in for a
// session kept in an HttpOnly SameSite cookie: sign-in.ts, web-session.ts), isolation, limits and budgets.
// Steps stand in front: the call is counted for a graceful shutdown, a change must carry `X-Requested-With:
// ai-universe` (which a page on another site cannot send without a preflight this server never grants),
// and every route but sign-in and /api/me needs a verified caller. The two streams are event-streams.ts's;
// what a route throws, before its stream or during it, is answered by the server's one error handler.

import type { Caller } from "../application/index.ts";
import { maxRequestBytes } from "../contract/request-size.ts";
import type { PageModelListing, SignedInState } from "../contract/web-api.ts";
import { type Authenticator, callerOf } from "./authentication.ts";
import type { CallTracker } from "./call-tracker.ts";
import { streamConsultation, streamLateOpinions } from "./event-streams.ts";
import { sendError, sendJson } from "./http-responses.ts";
import type { HttpCall, HttpRoute, HttpStep } from "./http-router.ts";
import type { WebApiServices } from "./http-services.ts";
import { readJsonBody } from "./read-body.ts";
import { serveSignIn } from "./sign-in.ts";

const api = /^\/api\//;
const conversationPath = /^\/api\/conversations\/([^/]+)$/;
/** A route answering JSON: what `answer` makes for the call and its caller. */
const json =
  (answer: (call: HttpCall, caller: Caller) => Promise<unknown>): HttpRoute["handle"] =>
  async (call) =>
    sendJson(call.response, 200, await answer(call, callerOf(call.request)));

/**
 * The page's model listing, as the caller may see it (the refresh's host and error for the machine's own
 * user alone): like the page's load itself, not counted against the tier (`models` is).
 */
async function modelListing(services: WebApiServices, caller: Caller): Promise<PageModelListing> {
  const listing = await services.application.modelListing(caller);
  return {
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
  };
}

/** A conversation as a Markdown file to download. */
async function conversationMarkdown(services: WebApiServices, { request, response, parts }: HttpCall) {
  const conversationId = parts[0] ?? "";
  const markdown = await services.application.readConversationMarkdown(callerOf(request), { conversationId });
  response
    .writeHead(200, {
      "content-type": "text/markdown; charset=utf-8",
      "content-disposition": `attachment; filename="conversation-${conversationId.replace(/[^\w-]/g, "")}.md"`,
    })
    .end(markdown);
}

/** What the API's entries serve with. */
export interface WebApiParts {
  services: WebApiServices;
  authenticator: Authenticator;
  calls: CallTracker;
}

/** The steps in front of the API, sign-in and /api/me, which answer who is signed in, if anyone. */
function entrance({ services, authenticator, calls }: WebApiParts): (HttpRoute | HttpStep)[] {
  return [
    { path: api, step: calls.counting() },
    {
      path: api,
      step: ({ request, response }, next) =>
        request.method === "GET" || request.headers["x-requested-with"] === "ai-universe"
          ? next()
          : sendError(
              response,
              "forbidden",
              "Send X-Requested-With: ai-universe with requests that change something.",
            ),
    },
    {
      path: "/api/session",
      handle: ({ request, response }) => serveSignIn(request, response, services.auth, authenticator),
    },
    {
      path: "/api/me",
      async handle({ request, response }) {
        const signedIn = await authenticator.check(request, response, { cookie: true, silent: true });
        sendJson(response, 200, {
          signedIn,
          authMode: services.auth.mode,
          ...(signedIn ? callerOf(request) : {}),
        } satisfies SignedInState);
      },
    },
    {
      path: api,
      step: async ({ request, response }, next) => {
        if (await authenticator.check(request, response, { cookie: true })) await next();
      },
    },
  ];
}

/** The API's entries of the route table, in order. */
export function webApiRoutes(parts: WebApiParts): (HttpRoute | HttpStep)[] {
  const { services } = parts;
  const { application } = services;
  return [
    ...entrance(parts),
    { method: "GET", path: "/api/models", handle: json((_call, caller) => modelListing(services, caller)) },
    { method: "GET", path: "/api/usage", handle: json((_call, caller) => application.usage(caller)) },
    {
      method: "GET",
      path: "/api/conversations",
      handle: json(({ url }, caller) => {
        const query = url.searchParams.get("search");
        return query
          ? application.searchConversations(caller, { query, limit: 50 })
          : application.listConversations(caller, { limit: 100 });
      }),
    },
    {
      method: "GET",
      path: "/api/evaluations",
      handle: json((_call, caller) => application.listEvaluations(caller, {})),
    },
    {
      method: "GET",
      path: /^\/api\/evaluations\/([^/]+)$/,
      handle: json(({ parts: [runId = ""], url }, caller) =>
        application.evaluationReport(caller, { runId, ...questionPage(url.searchParams) }),
      ),
    },
    {
      method: "POST",
      path: "/api/consultations",
      async handle({ request, response }) {
        const read = await readJsonBody(request, response, maxRequestBytes);
        if (read) await streamConsultation(response, callerOf(request), services, read.body);
      },
    },
    {
      method: "POST",
      path: "/api/replays",
      async handle({ request, response }) {
        const read = await readJsonBody(request, response, maxRequestBytes);
        if (read) await streamConsultation(response, callerOf(request), services, read.body, "replay");
      },
    },
    {
      method: "GET",
      path: /^\/api\/answers\/([^/]+)\/late-opinions$/,
      handle: ({ request, response, parts: [messageId = ""] }) =>
        streamLateOpinions(response, callerOf(request), services, messageId),
    },
    {
      method: "GET",
      path: /^\/api\/conversations\/([^/]+)\/markdown$/,
      handle: (call) => conversationMarkdown(services, call),
    },
    ...conversationRoutes(services),
    {
      path: api,
      handle: ({ request, response, url }) =>
        sendError(response, "not_found", `No ${request.method} ${url.pathname} in this API.`),
    },
  ];
}

/** One conversation: read, renamed, deleted. */
function conversationRoutes({ application }: WebApiServices): HttpRoute[] {
  return [
    {
      method: "GET",
      path: conversationPath,
      handle: json(({ parts: [conversationId = ""] }, caller) =>
        application.getHistory(caller, { conversationId, limit: 200 }),
      ),
    },
    {
      method: "PATCH",
      path: conversationPath,
      async handle({ request, response, parts: [conversationId = ""] }) {
        const read = await readJsonBody(request, response, 65_536);
        if (!read) return;
        const { title } = (read.body ?? {}) as { title?: unknown };
        const renamed = await application.renameConversation(callerOf(request), { conversationId, title });
        sendJson(response, 200, renamed);
      },
    },
    {
      method: "DELETE",
      path: conversationPath,
      handle: json(({ parts: [conversationId = ""] }, caller) =>
        application.deleteConversation(caller, { conversationId }),
      ),
    },
  ];
}

/**
 * The query of `GET /api/evaluations/{id}`: `?questions=1&offset=N&limit=M` adds a page of the run's
 * questions, each with every strategy's answer (`offset` 0 and `limit` 100 when absent); nothing
 * without `questions=1`. Numbers that are not whole go to the use case as they are, whose schema
 * refuses them naming the field.
 */
function questionPage(search: URLSearchParams): { questions?: { offset: unknown; limit: unknown } } {
  if (search.get("questions") !== "1") return {};
  const number = (name: string, fallback: number) => {
    const given = search.get(name);
    return given === null ? fallback : /^\d{1,9}$/.test(given) ? Number(given) : given;
  };
  return { questions: { offset: number("offset", 0), limit: number("limit", 100) } };
}
