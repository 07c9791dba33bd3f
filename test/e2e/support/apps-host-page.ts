// The host side of MCP Apps in the test's browser page, bundled for it by apps-host.ts: the official
// AppBridge over a PostMessageTransport to a sandboxed frame holding the app's HTML, as a host like
// Claude or VS Code makes it. Tool calls and links the app asks for go to the test (functions it exposes
// on the page), where a real MCP client makes the calls. Runs in the browser only.

import type { CallToolRequest, CallToolResult } from "@modelcontextprotocol/client";
import {
  AppBridge,
  type McpUiHostContext,
  PostMessageTransport,
} from "@modelcontextprotocol/ext-apps/app-bridge";

/** What the test exposes on the page, and what this module adds to it. */
interface HostWindow {
  /** The test's MCP client calls a server tool for the app. */
  hostCallTool(params: CallToolRequest["params"]): Promise<CallToolResult>;
  /** The test notes a link the app asked the host to open. */
  hostOpenLink(url: string): Promise<void>;
  /** Makes the frame, bridges it and loads `html`; resolves once the app has initialized. */
  startHost(options: { html: string; hostContext: McpUiHostContext }): Promise<void>;
  /** The bridge, once started. */
  bridge?: AppBridge;
}

const host = window as unknown as HostWindow;

host.startHost = async ({ html, hostContext }) => {
  const frame = document.createElement("iframe");
  // Scripts only: an opaque origin, no popups, no top navigation, no same-origin access.
  frame.setAttribute("sandbox", "allow-scripts");
  frame.title = "Council panel";
  frame.style.cssText = "width: 100%; height: 600px; border: 0;";
  document.body.append(frame);
  const view = frame.contentWindow as Window;
  const bridge = new AppBridge(
    null,
    { name: "ai-universe-test-host", version: "1.0.0" },
    { openLinks: {}, serverTools: {} },
    { hostContext },
  );
  bridge.oncalltool = (params) => host.hostCallTool(params);
  bridge.onopenlink = async ({ url }) => {
    await host.hostOpenLink(url);
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${Math.ceil(height)}px`;
  };
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  await bridge.connect(new PostMessageTransport(view, view));
  frame.srcdoc = html;
  await initialized;
  host.bridge = bridge;
};
