// A build plugin (rolldown.config.ts, and Vite's configs of the web page and the council panel) that
// writes THIRD-PARTY-LICENSES.txt into each build's output folder: every package whose code the build
// bundled, with its version, its licence as its package.json names it, and the licence and notice files
// it ships, word for word. The packages are the build's own modules, so the list is what was bundled,
// not what package.json names.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "rolldown";

/** The output file's name, in each output folder. */
export const licensesFileName = "THIRD-PARTY-LICENSES.txt";

const rule = "=".repeat(80);

/** The package folder a module id lies in (the last node_modules/ segment's package), or undefined. */
export function packageFolderOf(moduleId: string): string | undefined {
  const id = moduleId.replace(/^\0+/, "").replace(/\\/g, "/").split("?")[0] ?? "";
  const at = id.lastIndexOf("/node_modules/");
  if (at === -1) return undefined;
  const [scopeOrName, name] = id.slice(at + "/node_modules/".length).split("/");
  if (!scopeOrName) return undefined;
  return (
    id.slice(0, at + "/node_modules/".length) +
    (scopeOrName.startsWith("@") ? `${scopeOrName}/${name}` : scopeOrName)
  );
}

/** The licence and notice files at the top of `folder`, by name. */
function licenseFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => /^(licen[cs]e|copying|notice)([.\-_].*)?$/i.test(name))
    .sort();
}

/** One package's section: its name, version and licence, then its licence files' text. */
function section(folder: string): { name: string; version: string; text: string } {
  const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as {
    name: string;
    version: string;
    license?: string;
    homepage?: string;
    repository?: string | { url?: string };
  };
  const repository = typeof manifest.repository === "string" ? manifest.repository : manifest.repository?.url;
  const files = licenseFiles(folder);
  const texts = files.map((file) => `${file}:\n\n${readFileSync(join(folder, file), "utf8").trim()}`);
  return {
    name: manifest.name,
    version: manifest.version,
    text: [
      rule,
      `${manifest.name} ${manifest.version} (${manifest.license ?? "no licence named"})`,
      ...[manifest.homepage ?? repository].filter((link) => link !== undefined),
      rule,
      texts.length > 0
        ? texts.join("\n\n")
        : `The package ships no licence file; its package.json names the licence ${manifest.license ?? "(none)"}.`,
    ].join("\n"),
  };
}

/** The plugin; `what` says in the file's first line what the build is ("the server, dist/cli"). */
export function thirdPartyLicenses(what: string): Plugin {
  return {
    name: "third-party-licenses",
    generateBundle(_options, bundle) {
      const folders = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk") continue;
        for (const id of file.moduleIds) {
          const folder = packageFolderOf(id);
          if (folder) folders.add(folder);
        }
      }
      // Several versions of one package can be bundled (nested node_modules): one section each.
      const sections = [...folders]
        .map(section)
        .sort(
          (a, b) =>
            a.name.localeCompare(b.name) || a.version.localeCompare(b.version, "en", { numeric: true }),
        );
      const unique = [...new Map(sections.map((entry) => [entry.text, entry])).values()];
      this.emitFile({
        type: "asset",
        fileName: licensesFileName,
        source: [
          `The packages bundled into ${what}, each with its licence, as the package ships it.`,
          "",
          ...unique.map((entry) => `${entry.text}\n`),
        ].join("\n"),
      });
    },
  };
}
