// The Streamable HTTP transport: MCP at /mcp, GET /health, DNS-rebinding protection (Host and Origin
// checks) and a request body cap. It only wraps the one server factory.

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { hostHeaderValidation, originValidation, toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { createMcpServer } from "../mcp/create-server.ts";
import type { Services } from "../runtime/services.ts";
import { healthReport } from "./health.ts";

/** HTTP settings; see README "Configuration". */
export interface HttpOptions {
  host: string;
  port: number;
  /** Host header names accepted (without port). Localhost names are always accepted. */
  allowedHosts: string[];
  /** Origin host names accepted for browser requests. Localhost names are always accepted. */
  allowedOrigins: string[];
  maxBodyBytes: number;
}

/** A running HTTP server. */
export interface RunningHttpServer {
  url: string;
  close(): Promise<void>;
}

const localNames = ["localhost", "127.0.0.1", "[::1]"];

/** Starts listening; resolves once the port is bound. */
export async function startHttpServer(services: Services, options: HttpOptions): Promise<RunningHttpServer> {
  const handler = createMcpHandler(() => createMcpServer(services), {
    maxRequestBodySize: options.maxBodyBytes,
    onerror: (error) => console.error(`mcp: ${error.message}`),
  });
  const serveMcp = toNodeHandler(handler);
  const checkHost = hostHeaderValidation([...localNames, ...options.allowedHosts]);
  const checkOrigin = originValidation([...localNames, ...options.allowedOrigins]);

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (!checkHost(request, response) || !checkOrigin(request, response)) return;
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path === "/mcp") {
      void serveMcp(request, response);
      return;
    }
    if (path === "/health" && request.method === "GET") {
      void healthReport(services).then((report) =>
        sendJson(response, report.status === "ok" ? 200 : 503, report),
      );
      return;
    }
    sendJson(response, 404, {
      error: "not_found",
      message: `Nothing at ${path}. MCP is served at /mcp, health at /health.`,
    });
  });
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostForUrl}:${address.port}`,
    async close() {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}
