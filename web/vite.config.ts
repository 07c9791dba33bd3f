// Builds the web page into dist/web, which `ai-universe serve` serves at /. No CDN: every asset is
// bundled here, and the licences of the packages bundled go beside it (THIRD-PARTY-LICENSES.txt, not
// served). `npm run build` runs it after the TypeScript build.

import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { thirdPartyLicenses } from "../scripts/third-party-licenses.ts";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  plugins: [react(), thirdPartyLicenses("the web page, dist/web")],
  build: {
    outDir: fileURLToPath(new URL("../dist/web", import.meta.url)),
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
  },
  logLevel: "warn",
});
