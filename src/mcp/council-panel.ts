// The council panel for MCP Apps hosts (the `io.modelcontextprotocol/ui` extension): agent.second_opinion
// names the `ui://` resource below in its `_meta.ui`, and a host that renders apps reads it and shows the
// answer in a sandboxed frame (web/src/panel/, built into one self-contained page at `npm run build`).
// The page is read from dist/ at the first read of the resource. Its Content-Security-Policy names no
// domain: the panel loads nothing and connects nowhere; it reaches the server only through its host.
// Hosts without apps never read it, and the tool's result is the same for every client.

import { readFile } from "node:fs/promises";
import {
  RESOURCE_MIME_TYPE,
  RESOURCE_URI_META_KEY,
  registerAppResource,
} from "@modelcontextprotocol/ext-apps/server";
import type { McpServer } from "@modelcontextprotocol/server";

/** The panel's resource. */
export const councilPanelUri = "ui://ai-universe/council-panel.html";

/** The built page: dist/panel/ beside dist/cli/ (and two folders up from src/mcp/ as well). */
const panelFile = new URL("../../dist/panel/council-panel.html", import.meta.url);

/** The resource's MCP Apps metadata: no domain for anything, and a border from the host. */
export const councilPanelResourceMeta = {
  ui: {
    csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    prefersBorder: true,
  },
};

/** What agent.second_opinion lists in its `_meta`: the panel, in the current and the older spelling. */
export const councilPanelToolMeta = {
  ui: { resourceUri: councilPanelUri },
  [RESOURCE_URI_META_KEY]: councilPanelUri,
};

let page: Promise<string> | undefined;

/** The panel's HTML, read once; a missing build is said with its fix. */
function panelHtml(): Promise<string> {
  page ??= readFile(panelFile, "utf8").catch(() => {
    page = undefined;
    throw new Error("The council panel is not built (dist/panel/council-panel.html): run `npm run build`.");
  });
  return page;
}

/** Registers the panel's resource on `server`. */
export function registerCouncilPanel(server: McpServer): void {
  registerAppResource(
    server,
    "council-panel",
    councilPanelUri,
    {
      title: "Council panel",
      description:
        "The answer of a second opinion as an interactive panel for MCP Apps hosts: the synthesis, the agreement and " +
        "verdict, each opinion with its model, latency, tokens and cost, the review and debate rounds, and late opinions as they land.",
      _meta: councilPanelResourceMeta,
    },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: RESOURCE_MIME_TYPE,
          text: await panelHtml(),
          _meta: councilPanelResourceMeta,
        },
      ],
    }),
  );
}
