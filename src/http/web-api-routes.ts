// The routes of the web page's JSON API, a table: each a thin translation of the use case the MCP tool of
// the same name calls, for the caller the request proved. What they throw goes to the server's one error
// handler (http-error-handler.ts).

import type { IncomingMessage, ServerResponse } from "node:http";
import type { Caller } from "../application/index.ts";
import { maxRequestBytes } from "../contract/request-size.ts";
import type { PageModelListing, SignedInState } from "../contract/web-api.ts";
import { streamConsultation } from "./consultation-stream.ts";
import { questionPage } from "./evaluation-query.ts";
import { sendJson } from "./http-responses.ts";
import type { WebApiServices } from "./http-services.ts";
import { streamLateOpinions } from "./late-opinion-stream.ts";
import { readJsonBody } from "./read-body.ts";

/** One request to the API, its caller verified. */
export interface ApiCall {
  request: IncomingMessage;
  response: ServerResponse;
  caller: Caller;
  services: WebApiServices;
  /** The path's captured parts (a conversation's id, an answer's). */
  match: RegExpExecArray;
  url: URL;
}

/** One route of the API. */
export interface ApiRoute {
  /** The method it answers; any when absent. */
  method?: string;
  path: RegExp;
  handle(call: ApiCall): Promise<void> | void;
}

const conversationPath = /^\/api\/conversations\/([^/]+)$/;
const json =
  (answer: (call: ApiCall) => Promise<unknown>) =>
  async (call: ApiCall): Promise<void> =>
    sendJson(call.response, 200, await answer(call));

/**
 * The page's model listing, as the caller may see it (the refresh's host and error for the machine's own
 * user alone): like the page's load itself, not counted against the tier (`models` is).
 */
async function modelListing({ services, caller }: ApiCall): Promise<PageModelListing> {
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
async function conversationMarkdown({ services, caller, match, response }: ApiCall): Promise<void> {
  const conversationId = match[1] ?? "";
  const markdown = await services.application.readConversationMarkdown(caller, { conversationId });
  response
    .writeHead(200, {
      "content-type": "text/markdown; charset=utf-8",
      "content-disposition": `attachment; filename="conversation-${conversationId.replace(/[^\w-]/g, "")}.md"`,
    })
    .end(markdown);
}

/** The API's routes, tried in order. */
export const webApiRoutes: readonly ApiRoute[] = [
  {
    path: /^\/api\/me$/,
    handle: ({ response, services, caller }) =>
      sendJson(response, 200, {
        signedIn: true,
        authMode: services.auth.mode,
        userId: caller.userId,
        tier: caller.tier,
      } satisfies SignedInState),
  },
  { method: "GET", path: /^\/api\/models$/, handle: json(modelListing) },
  {
    method: "GET",
    path: /^\/api\/usage$/,
    handle: json((call) => call.services.application.usage(call.caller)),
  },
  {
    method: "GET",
    path: /^\/api\/conversations$/,
    handle: json(({ services: { application }, caller, url }) => {
      const query = url.searchParams.get("search");
      return query
        ? application.searchConversations(caller, { query, limit: 50 })
        : application.listConversations(caller, { limit: 100 });
    }),
  },
  {
    method: "GET",
    path: /^\/api\/evaluations$/,
    handle: json(({ services, caller }) => services.application.listEvaluations(caller, {})),
  },
  {
    method: "GET",
    path: /^\/api\/evaluations\/([^/]+)$/,
    handle: json(({ services, caller, match, url }) =>
      services.application.evaluationReport(caller, {
        runId: match[1] ?? "",
        ...questionPage(url.searchParams),
      }),
    ),
  },
  {
    method: "POST",
    path: /^\/api\/consultations$/,
    async handle({ request, response, caller, services }) {
      const read = await readJsonBody(request, response, maxRequestBytes);
      if (read) await streamConsultation(response, caller, services, read.body);
    },
  },
  {
    method: "GET",
    path: /^\/api\/answers\/([^/]+)\/late-opinions$/,
    handle: ({ response, caller, services, match }) =>
      streamLateOpinions(response, caller, services, match[1] ?? ""),
  },
  { method: "GET", path: /^\/api\/conversations\/([^/]+)\/markdown$/, handle: conversationMarkdown },
  {
    method: "GET",
    path: conversationPath,
    handle: json(({ services, caller, match }) =>
      services.application.getHistory(caller, { conversationId: match[1] ?? "", limit: 200 }),
    ),
  },
  {
    method: "PATCH",
    path: conversationPath,
    async handle({ request, response, services, caller, match }) {
      const read = await readJsonBody(request, response, 65_536);
      if (!read) return;
      const { title } = (read.body ?? {}) as { title?: unknown };
      const renamed = await services.application.renameConversation(caller, {
        conversationId: match[1] ?? "",
        title,
      });
      sendJson(response, 200, renamed);
    },
  },
  {
    method: "DELETE",
    path: conversationPath,
    handle: json(({ services, caller, match }) =>
      services.application.deleteConversation(caller, { conversationId: match[1] ?? "" }),
    ),
  },
];
