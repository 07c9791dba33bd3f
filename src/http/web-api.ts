// The web page's JSON API under /api: a thin translation of the same use cases the MCP tools call,
// with the same authentication (a key or token, exchanged at sign-in for a session whose id the browser
// keeps in an HttpOnly SameSite cookie; see sign-in.ts and web-session.ts),
// isolation, limits and budgets. A consultation streams its progress as server-sent events, answers
// included as they form (`model-text`); closing the stream cancels it. The application answers the
// page by the server's answer-by time unless the page asks for another; the models still running then are followed at
// /api/answers/{id}/late-opinions (late-opinion-stream.ts). The caller's evaluation runs are listed at
// /api/evaluations, each one's report at /api/evaluations/{id} (`?questions=1`: with a page of its
// questions). Requests that change something must carry `X-Requested-With: ai-universe`, which a page
// on another site cannot send without a preflight this server never grants. The routes are a table
// (web-api-routes.ts); what they throw is answered by the server's one error handler.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/server";
import { callerOfAuth } from "../application/index.ts";
import type { Authenticator } from "./authentication.ts";
import { sendError, sendJson } from "./http-responses.ts";
import type { WebApiServices } from "./http-services.ts";
import { serveSignIn } from "./sign-in.ts";
import { webApiRoutes } from "./web-api-routes.ts";

/** Serves one /api request; throws what a use case throws, for the server's error handler. */
export async function serveWebApi(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  services: WebApiServices,
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
  if (path === "/api/session") return serveSignIn(request, response, method, services.auth, authenticator);
  if (path === "/api/me" && services.auth.mode !== "none") {
    const signedIn = await authenticator.check(request, response, { cookie: true, silent: true });
    if (!signedIn) {
      sendJson(response, 200, { signedIn: false, authMode: services.auth.mode });
      return;
    }
  } else if (!(await authenticator.check(request, response, { cookie: true }))) return;
  for (const route of webApiRoutes) {
    const match = route.method === undefined || route.method === method ? route.path.exec(path) : null;
    if (!match) continue;
    const caller = callerOfAuth((request as IncomingMessage & { auth?: AuthInfo }).auth);
    const url = new URL(request.url ?? "/", "http://localhost");
    await route.handle({ request, response, caller, services, match, url });
    return;
  }
  sendError(response, "not_found", `No ${method} ${path} in this API.`);
}
