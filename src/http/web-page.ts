// The built web page (web/, built by Vite into dist/web at `npm run build`), served at `/` with its
// assets. Everything comes from this server: the Content-Security-Policy allows no other host.

import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { sendError } from "./http-responses.ts";

const root = fileURLToPath(new URL("../../dist/web/", import.meta.url));

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
};

const securityHeaders = {
  "content-security-policy":
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

/** Serves the page or one of its assets; false when `path` is neither. */
export async function serveWebPage(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): Promise<boolean> {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const file =
    path === "/" || path === "/index.html"
      ? "index.html"
      : path.startsWith("/assets/")
        ? path.slice(1)
        : undefined;
  if (!file) return false;
  const resolved = normalize(join(root, file));
  if (!resolved.startsWith(root)) return false;
  let body: Buffer;
  try {
    body = await readFile(resolved);
  } catch {
    if (file === "index.html") {
      sendError(
        response,
        "unavailable",
        "The web page has not been built: run npm run build (npm install does it too).",
      );
      return true;
    }
    return false;
  }
  response.writeHead(200, {
    "content-type": contentTypes[extname(file)] ?? "application/octet-stream",
    "cache-control": file === "index.html" ? "no-cache" : "public, max-age=31536000, immutable",
    ...securityHeaders,
  });
  response.end(request.method === "HEAD" ? undefined : body);
  return true;
}
