// Builds the council panel (web/src/panel/) that MCP Apps hosts show beside agent.second_opinion's
// answer into one self-contained HTML document, dist/panel/council-panel.html: its script and styles are
// written into the page, so the panel makes no request to any host (its resource declares no domain).
// The server reads the file at the first read of the panel's ui:// resource (src/mcp/council-panel.ts).
// The licences of the packages bundled into it go beside it (THIRD-PARTY-LICENSES.txt).
// `npm run build` runs it after the web page's build.

import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { thirdPartyLicenses } from "../scripts/third-party-licenses.ts";

/** Writes each emitted script and stylesheet into the HTML page that loads it, and drops the files. */
function inlineEverything(): Plugin {
  return {
    name: "inline-everything",
    enforce: "post",
    generateBundle(_options, bundle) {
      for (const page of Object.values(bundle)) {
        if (page.type !== "asset" || !page.fileName.endsWith(".html")) continue;
        let html = String(page.source);
        for (const [fileName, file] of Object.entries(bundle)) {
          const reference = new RegExp(
            `<(script|link)[^>]*(?:src|href)="[./]*${escaped(fileName)}"[^>]*>(</script>)?`,
          );
          if (!reference.test(html)) continue;
          const inlined =
            file.type === "chunk"
              ? `<script type="module">${scriptText(file.code)}</script>`
              : `<style>${String(file.source)}</style>`;
          html = html.replace(reference, () => inlined);
          delete bundle[fileName];
        }
        page.source = html;
      }
    },
  };
}

/**
 * `code` safe inside a script element: "</script" would end it early and "<!--" could keep a later
 * "</script>" from ending it; "<\/script" and "\x3C!--" mean the same in strings and regular expressions.
 */
const scriptText = (code: string) => code.replaceAll("</script", "<\\/script").replaceAll("<!--", "\\x3C!--");

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export default defineConfig({
  root: fileURLToPath(new URL("./src/panel/", import.meta.url)),
  base: "./",
  plugins: [
    react(),
    inlineEverything(),
    thirdPartyLicenses("the council panel, dist/panel/council-panel.html"),
  ],
  build: {
    outDir: fileURLToPath(new URL("../dist/panel", import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: () => true,
    cssCodeSplit: false,
    modulePreload: false,
    sourcemap: false,
    rollupOptions: {
      input: fileURLToPath(new URL("./src/panel/council-panel.html", import.meta.url)),
      output: { codeSplitting: false },
    },
  },
  logLevel: "warn",
});
