// The simulator's control endpoints, so another process (a benchmark, a manual demo) can script it:
// `POST /__simulator/behaviour` with `{model, behaviour}` or `{default: behaviour}`,
// `GET /__simulator/requests` for the request log, `POST /__simulator/reset`.

import type { ServerResponse } from "node:http";
import type { BehaviourBook, ModelBehaviour } from "./behaviour.ts";
import { isRecord } from "./protocol.ts";
import type { RequestLog } from "./request-log.ts";
import { writeJson } from "./write-response.ts";

/** One control request, already read. */
export interface ControlRequest {
  method: string;
  url: URL;
  text: string;
  book: BehaviourBook;
  log: RequestLog;
  response: ServerResponse;
}

/** Answers a request under `/__simulator/`. */
export function handleControl({ method, url, text, book, log, response }: ControlRequest): void {
  const route = `${method} ${url.pathname}`;
  if (route === "GET /__simulator/requests") {
    writeJson(response, 200, log.requests);
    return;
  }
  if (route === "POST /__simulator/reset") {
    book.reset();
    log.clear();
    writeJson(response, 200, { ok: true });
    return;
  }
  if (route === "POST /__simulator/behaviour") {
    const body = parseObject(text);
    if (body && isRecord(body.default)) {
      book.setDefault(body.default as ModelBehaviour);
      writeJson(response, 200, { ok: true });
    } else if (body && typeof body.model === "string" && isRecord(body.behaviour)) {
      book.set(body.model, body.behaviour as ModelBehaviour);
      writeJson(response, 200, { ok: true });
    } else {
      writeJson(response, 400, {
        error: { message: "Expected {model, behaviour} or {default: behaviour}." },
      });
    }
    return;
  }
  writeJson(response, 404, { error: { message: `No control endpoint ${route}.` } });
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
