// Reads a request's JSON body under a size limit. A body too large, or not JSON, is answered here with
// a 4xx error that says what was wrong (a JSON-RPC error on /mcp, the JSON error body elsewhere), so no
// malformed request reaches the server.

import type { IncomingMessage, ServerResponse } from "node:http";
import { maxMessageDepth, nestsTooDeeply } from "../contract/message-depth.ts";
import { sendError } from "./http-responses.ts";

/** The JSON-RPC codes of a body that is not JSON, and of one that is not a request. */
const parseError = -32700;
const invalidRequest = -32600;

/** The parsed body, or undefined when an error response was sent. */
export async function readJsonBody(
  request: IncomingMessage,
  response: ServerResponse,
  maxBytes: number,
): Promise<{ body: unknown } | undefined> {
  const declared = Number(request.headers["content-length"] ?? Number.NaN);
  if (declared > maxBytes) return tooLarge(request, response, maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) return tooLarge(request, response, maxBytes);
      chunks.push(chunk);
    }
  } catch {
    return undefined; // the client went away; there is no one to answer
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (nestsTooDeeply(text)) {
    sendError(
      response,
      "invalid_argument",
      `Invalid request: the body nests objects or arrays deeper than ${maxMessageDepth} levels.`,
      { jsonRpc: invalidRequest },
    );
    return undefined;
  }
  try {
    return { body: JSON.parse(text) };
  } catch {
    sendError(response, "invalid_argument", "Parse error: the request body is not valid JSON.", {
      jsonRpc: parseError,
    });
    return undefined;
  }
}

function tooLarge(request: IncomingMessage, response: ServerResponse, maxBytes: number): undefined {
  sendError(
    response,
    "request_too_large",
    `The request body is larger than this server accepts (${maxBytes} bytes). Send a shorter question or attach less context.`,
  );
  request.resume();
  return undefined;
}
