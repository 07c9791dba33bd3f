// The documentation holds together: every relative link of the README and of each page in docs/ reaches a
// file that exists and, with a #fragment, a heading of that page (as GitHub names its anchors); the README
// links to every page, and every page opens with its summary and a link back to the README.

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, it } from "node:test";
import {
  type DocumentationPage,
  documentationPages,
  repositoryRoot,
} from "../support/documentation-pages.ts";

/** The page's text outside fenced code blocks and inline code, where Markdown links and headings live. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "code");
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading = ""] of markdown.replace(/^```[\s\S]*?^```/gm, "").matchAll(/^#{1,6} (.+)$/gm)) {
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    found.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return found;
}

/** Every relative link target of a page (links and images), as written. */
function relativeLinks(page: DocumentationPage): string[] {
  return [...prose(page.text).matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target = ""]) => target)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

const pages = documentationPages();
const byPath = new Map(pages.map((page) => [page.path, page]));

describe("the documentation's links", () => {
  for (const page of pages) {
    it(`${page.path}: every relative link reaches a file, and every #fragment a heading`, () => {
      const broken: string[] = [];
      for (const target of relativeLinks(page)) {
        const [file = "", fragment] = target.split("#");
        const path = file === "" ? page.path : normalize(join(dirname(page.path), decodeURI(file)));
        if (!existsSync(join(repositoryRoot, path))) {
          broken.push(`${target}: no file ${path}`);
          continue;
        }
        if (fragment === undefined) continue;
        const linked = byPath.get(path);
        if (!linked) broken.push(`${target}: ${path} is not a page of the documentation`);
        else if (!anchors(linked.text).has(fragment))
          broken.push(`${target}: no heading #${fragment} in ${path}`);
      }
      assert.deepEqual(broken, []);
    });
  }

  it("the README links to every page in docs/", () => {
    const linked = new Set(
      relativeLinks(byPath.get("README.md") as DocumentationPage).map((target) => target.split("#")[0]),
    );
    const pagesInDocs = pages.map((page) => page.path).filter((path) => path.startsWith("docs/"));
    assert.ok(pagesInDocs.length > 0);
    assert.deepEqual(
      pagesInDocs.filter((path) => !linked.has(path)),
      [],
    );
  });

  for (const page of pages.filter((candidate) => candidate.path.startsWith("docs/"))) {
    it(`${page.path}: opens with a title, a summary and a link back to the README`, () => {
      const [title = "", , ...rest] = page.text.split("\n");
      assert.match(title, /^# \S/);
      const summary = rest.join("\n").split("\n\n")[0] ?? "";
      assert.ok(!summary.startsWith("#"), `${page.path}: a summary before the first section`);
      assert.ok(summary.includes("](../README.md)"), `${page.path}: the summary links back to the README`);
    });
  }
});
