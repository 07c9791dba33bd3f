// A small router: a table of routes, tried in order, the first that matches the method and the path
// serves the request; whatever a route throws, at once or later, goes to the one error handler.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpErrorHandler } from "./http-error-handler.ts";

/** One route of the table. */
export interface HttpRoute {
  /** The method it answers; any when absent. */
  method?: string;
  /** The path it serves: exactly, a pattern, or a test of the path. */
  path: string | RegExp | ((path: string) => boolean);
  /** Serves the request; may throw or reject, for the error handler. */
  handle(request: IncomingMessage, response: ServerResponse, path: string): unknown;
}

/** Whether `route` serves `method` at `path`. */
function serves(route: HttpRoute, method: string | undefined, path: string): boolean {
  if (route.method !== undefined && route.method !== method) return false;
  if (typeof route.path === "string") return route.path === path;
  if (route.path instanceof RegExp) return route.path.test(path);
  return route.path(path);
}

/**
 * The request listener of `routes`: the first route that serves the request handles it; none, `fallback`.
 * Errors go to `onError`.
 */
export function createRouter(
  routes: readonly HttpRoute[],
  fallback: HttpRoute["handle"],
  onError: HttpErrorHandler,
): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  return async (request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const route = routes.find((candidate) => serves(candidate, request.method, path));
    try {
      await (route ? route.handle(request, response, path) : fallback(request, response, path));
    } catch (thrown) {
      onError(thrown, request, response);
    }
  };
}
