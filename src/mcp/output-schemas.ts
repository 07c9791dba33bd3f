// The seed JSON Schemas, used unchanged as the tools' output schemas. Loaded and compiled once per
// process, then shared by every server instance (HTTP builds one per request).

import { readFileSync } from "node:fs";
import { fromJsonSchema } from "@modelcontextprotocol/server";

function loadSchema(fileName: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../schemas/${fileName}`, import.meta.url), "utf8"));
}

/** The `agent.second_opinion` result schema, as in shared/seeds. */
export const secondOpinionJsonSchema = loadSchema("agent-second-opinion.schema.json");

/** The `conversation.get-history` result schema, as in shared/seeds. */
export const historyJsonSchema = loadSchema("conversation-get-history.schema.json");

/** Output schemas ready for registerTool. */
export const outputSchemas = {
  secondOpinion: fromJsonSchema(secondOpinionJsonSchema),
  history: fromJsonSchema(historyJsonSchema),
};
