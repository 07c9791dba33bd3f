// Web search shared by the protocols: the sources and queries a model reports when the request asks for
// the vendor's search tool and the behaviour scripts none.

import type { SimulatedCitation } from "./behaviour.ts";
import { isRecord } from "./protocol.ts";

/** The default queries: one, the first 60 characters of the question. */
export function defaultSearchQueries(lastUserText: string): string[] {
  return [lastUserText.slice(0, 60)];
}

/** Two sources derived from the question, so a test sees sources without scripting them. */
export function defaultCitations(lastUserText: string): SimulatedCitation[] {
  const question = lastUserText.slice(0, 60);
  const slug =
    question
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "question";
  return [
    {
      url: `https://example.org/search/${slug}`,
      title: `About: ${question}`,
      snippet: `What the web says about ${question}`,
      date: "2025-01-15",
    },
    { url: `https://example.com/answers/${slug}`, title: `Answers: ${question}`, date: "2025-02-20" },
  ];
}

/** Whether a tools array has a tool whose `type` starts with `prefix` (e.g. "web_search"). */
export function hasToolOfType(tools: unknown, prefix: string): boolean {
  return (
    Array.isArray(tools) &&
    tools.some((tool) => isRecord(tool) && typeof tool.type === "string" && tool.type.startsWith(prefix))
  );
}
