// A test host for MCP Apps: reads a tool's `ui://` resource through a real MCP client, then shows it in
// Chromium as a host would (apps-host-page.ts: the official AppBridge and a sandboxed frame), serving its
// own page from an origin of its own. Every request the page or the frame makes is recorded, and every
// one not to that origin is refused, so a test can say that the app reached nowhere else.

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  getToolUiResourceUri,
  type McpUiHostContext,
  RESOURCE_MIME_TYPE,
} from "@modelcontextprotocol/ext-apps/app-bridge";
import type { Browser, BrowserContext, FrameLocator, Page } from "playwright-core";
import { rolldown } from "rolldown";
import type { TestClient, ToolResult } from "./mcp-clients.ts";

/** The harness's own origin: its page is served from here, by the test itself. */
export const hostOrigin = "http://apps-host.test";

const hostPageSource = fileURLToPath(new URL("./apps-host-page.ts", import.meta.url));
let hostScript: Promise<string> | undefined;

/** apps-host-page.ts and the AppBridge bundled into one script for the browser, once per process. */
function bundledHostScript(): Promise<string> {
  hostScript ??= (async () => {
    const bundle = await rolldown({ input: hostPageSource, platform: "browser", logLevel: "silent" });
    const { output } = await bundle.generate({ format: "iife" });
    await bundle.close();
    return output[0].code;
  })();
  return hostScript;
}

/** What a tool's `ui://` resource holds, as read through the client. */
export interface AppResource {
  uri: string;
  mimeType: string | undefined;
  html: string;
  /** The content's `_meta.ui` (CSP, border). */
  ui: Record<string, unknown> | undefined;
  /** The tool as listed, which the host names in its context's `toolInfo`. */
  tool: { name: string; _meta?: Record<string, unknown> } & Record<string, unknown>;
}

/** Reads the resource that `toolName`, as listed, names in its `_meta.ui`. */
export async function readAppResource(client: TestClient, toolName: string): Promise<AppResource> {
  const { tools } = await client.raw.listTools();
  const tool = (tools as AppResource["tool"][]).find((listed) => listed.name === toolName);
  assert.ok(tool, `tools/list has ${toolName}`);
  const uri = getToolUiResourceUri(tool);
  assert.ok(uri, `${toolName} names no ui:// resource in its _meta`);
  const { contents } = (await client.raw.readResource({ uri })) as {
    contents: { uri: string; mimeType?: string; text?: string; _meta?: { ui?: Record<string, unknown> } }[];
  };
  const [content] = contents;
  assert.ok(content?.text, `${uri} has no HTML`);
  return { uri, mimeType: content.mimeType, html: content.text, ui: content._meta?.ui, tool };
}

/** A panel shown by the test host. */
export interface HostedApp {
  context: BrowserContext;
  page: Page;
  /** The app's frame. */
  frame: FrameLocator;
  /** Every URL the page and the frame asked for. */
  requests: string[];
  /** The tool calls the app made through the host. */
  toolCalls: { name: string; arguments?: Record<string, unknown> }[];
  /** Resolves once the app has made `count` tool calls. */
  toolCallsMade(count: number): Promise<void>;
  /** Resolves once the app has asked to open `count` links. */
  linksOpened(count: number): Promise<void>;
  /** The links the app asked the host to open. */
  openedLinks: string[];
  sendToolInput(input: Record<string, unknown>): Promise<void>;
  sendToolResult(result: ToolResult): Promise<void>;
  setHostContext(context: McpUiHostContext): Promise<void>;
}

/** Opens a host page showing `resource`, its tool calls made by `client`; the host tells it `hostContext`. */
export async function hostApp(
  browser: Browser,
  client: TestClient,
  resource: AppResource,
  hostContext: McpUiHostContext,
): Promise<HostedApp> {
  const script = await bundledHostScript();
  const context = await browser.newContext({ viewport: { width: 1000, height: 1800 } });
  const page = await context.newPage();
  // Checked again at each tool call and link the app asks for.
  const called: (() => void)[] = [];
  const reached = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => (done() ? resolve() : called.push(check));
      check();
    });
  const hosted: HostedApp = {
    context,
    page,
    frame: page.frameLocator("iframe"),
    requests: [],
    toolCalls: [],
    toolCallsMade: (count) => reached(() => hosted.toolCalls.length >= count),
    linksOpened: (count) => reached(() => hosted.openedLinks.length >= count),
    openedLinks: [],
    sendToolInput: (input) => onBridge(page, "sendToolInput", { arguments: input }),
    sendToolResult: (result) => onBridge(page, "sendToolResult", result),
    setHostContext: (changed) => onBridge(page, "setHostContext", changed),
  };
  context.on("request", (request) => hosted.requests.push(request.url()));
  await context.route("**/*", (route) =>
    route.request().url().startsWith(`${hostOrigin}/`)
      ? route.fulfill({
          contentType: "text/html",
          body: `<!doctype html><html lang="en"><head><title>Test host</title></head><body><script>${script}</script></body></html>`,
        })
      : route.abort("blockedbyclient"),
  );
  await page.exposeFunction(
    "hostCallTool",
    (params: { name: string; arguments?: Record<string, unknown> }) => {
      hosted.toolCalls.push(params);
      for (const check of called.splice(0)) check();
      return client.raw.callTool(params);
    },
  );
  await page.exposeFunction("hostOpenLink", (url: string) => {
    hosted.openedLinks.push(url);
    for (const check of called.splice(0)) check();
  });
  await page.goto(`${hostOrigin}/`);
  await page.evaluate(
    (options) => (window as unknown as { startHost(options: unknown): Promise<void> }).startHost(options),
    { html: resource.html, hostContext: hostContext as unknown },
  );
  return hosted;
}

/** Calls `method` of the page's bridge with `params`. */
async function onBridge(
  page: Page,
  method: "sendToolInput" | "sendToolResult" | "setHostContext",
  params: unknown,
) {
  await page.evaluate(
    ([name, value]) =>
      (window as unknown as { bridge: Record<string, (value: unknown) => unknown> }).bridge[name]?.(value),
    [method, params] as const,
  );
}

/** Whether `resource`'s HTML was read with the MCP Apps mime type. */
export const isAppHtml = (resource: AppResource) => resource.mimeType === RESOURCE_MIME_TYPE;
