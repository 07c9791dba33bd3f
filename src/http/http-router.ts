// The HTTP server's router, as hono's app: one table of routes and steps, tried in order. A step (hono's
// middleware) stands in front of the routes after it whose path it covers: it answers itself, or lets the
// request on with `next`. The first route that serves the method and the path answers; none, the fallback.
// Whatever a step or a route throws, at once or later, goes to the one error handler, a stream's too.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpErrorHandler } from "./http-error-handler.ts";

/** One request, as a route or a step sees it. */
export interface HttpCall {
  request: IncomingMessage;
  response: ServerResponse;
  /** The request's URL: its path and its query. */
  url: URL;
  /** What a pattern path captured (a conversation's id); empty for any other path. */
  parts: readonly string[];
}

/** The path an entry covers: exactly, a pattern, or a test of the path. */
type PathTest = string | RegExp | ((path: string) => boolean);

/** One route of the table. */
export interface HttpRoute {
  /** The method it answers; any when absent. */
  method?: string;
  path: PathTest;
  /** Serves the request; may throw or reject, for the error handler. */
  handle(call: HttpCall): unknown;
}

/** A step in front of the routes after it: answers itself, or calls `next` for the rest. */
export interface HttpStep {
  path: PathTest;
  step(call: HttpCall, next: () => Promise<void>): unknown;
}

/** What a pattern captured of `path`, or undefined when `test` does not cover it. */
function covers(test: PathTest, path: string): string[] | undefined {
  if (typeof test === "string") return test === path ? [] : undefined;
  if (test instanceof RegExp)
    return test
      .exec(path)
      ?.map((part) => part ?? "")
      .slice(1);
  return test(path) ? [] : undefined;
}

/**
 * The request listener of `table`: the steps in front of the first route that serves the request, then
 * that route; none, `fallback`. Errors go to `onError`.
 */
export function createRouter(
  table: readonly (HttpRoute | HttpStep)[],
  fallback: HttpRoute["handle"],
  onError: HttpErrorHandler,
): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  return async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const steps: HttpStep[] = [];
    let route: { handle: HttpRoute["handle"]; parts: readonly string[] } = { handle: fallback, parts: [] };
    for (const entry of table) {
      const parts = covers(entry.path, url.pathname);
      if (!parts) continue;
      if ("step" in entry) steps.push(entry);
      else if (entry.method === undefined || entry.method === request.method) {
        route = { handle: entry.handle, parts };
        break;
      }
    }
    const call: HttpCall = { request, response, url, parts: route.parts };
    const run = async (index: number): Promise<void> => {
      const step = steps[index];
      await (step ? step.step(call, () => run(index + 1)) : route.handle(call));
    };
    try {
      await run(0);
    } catch (thrown) {
      onError(thrown, request, response);
    }
  };
}
