// The project's documentation as the tests read it: the README (the front page) and every page in docs/.
// Tests that keep the documentation honest (client snippets, the model table, links) read it from here, so a
// snippet or a claim is checked wherever it lives, and a new page is checked without touching a test.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root directory, ending in a slash. */
export const repositoryRoot = fileURLToPath(new URL("../../", import.meta.url));

/** One Markdown page: its path from the repository's root (`README.md`, `docs/team.md`) and its text. */
export interface DocumentationPage {
  path: string;
  text: string;
}

/** README.md, then every `docs/*.md` in name order. */
export function documentationPages(): DocumentationPage[] {
  const docs = readdirSync(join(repositoryRoot, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`);
  return ["README.md", ...docs].map((path) => ({
    path,
    text: readFileSync(join(repositoryRoot, path), "utf8"),
  }));
}
