// Reads Anthropic's two ways of asking for JSON back into one schema. Native structured output
// (`output_config.format`) carries a schema that @ai-sdk/anthropic has stripped of the keywords Anthropic
// rejects (minItems, maxLength, minimum, ...), restating them at the end of the description as
// "min items: 3; max items: 3."; the real model reads them there, so the simulator puts them back. The
// fallback (`structuredOutputMode: "jsonTool"`, or a schema Anthropic cannot take) forces a tool named "json".

import type { JsonSchema } from "../../src/providers/schema-sample.ts";
import { isRecord, type StructuredOutput } from "./protocol.ts";

/** The name @ai-sdk/anthropic gives the tool whose input is the answer. */
export const jsonToolName = "json";

/** Keywords @ai-sdk/anthropic restates in descriptions, by the name it writes ("min items" for minItems). */
const describedKeywords = new Map(
  [
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "pattern",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "not",
    "format",
  ].map((keyword) => [keyword.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`), keyword]),
);

/** Keywords whose values are data, not schemas, so their descriptions are left alone. */
const dataKeywords = new Set(["const", "default", "enum", "examples"]);

/** The structured output an Anthropic Messages request asks for, as a spreadable field. */
export function anthropicStructuredOutput(request: Record<string, unknown>): {
  structured?: StructuredOutput;
} {
  const configuration = request.output_config;
  if (
    isRecord(configuration) &&
    isRecord(configuration.format) &&
    configuration.format.type === "json_schema"
  ) {
    const schema = configuration.format.schema;
    return { structured: isRecord(schema) ? { schema: restoreConstraints(schema) as JsonSchema } : {} };
  }
  const tools = Array.isArray(request.tools) ? request.tools.filter(isRecord) : [];
  const tool = tools.find((candidate) => candidate.name === jsonToolName);
  const choice = isRecord(request.tool_choice) ? request.tool_choice : {};
  const forced =
    (choice.type === "any" && tools.length === 1) || (choice.type === "tool" && choice.name === jsonToolName);
  if (!tool || !forced) return {};
  const schema = tool.input_schema;
  return { structured: { tool: jsonToolName, ...(isRecord(schema) ? { schema } : {}) } };
}

/** A copy of `node` with the constraints its descriptions restate put back as keywords. */
function restoreConstraints(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(restoreConstraints);
  if (!isRecord(node)) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node))
    copy[key] = dataKeywords.has(key) ? value : restoreConstraints(value);
  const constraints =
    typeof node.description === "string" ? describedConstraints(node.description) : undefined;
  return { ...constraints, ...copy };
}

/** Parses the description's last line when it is exactly a constraint list such as "minimum: 0; maximum: 1.". */
function describedConstraints(description: string): Record<string, unknown> | undefined {
  const line = description.split("\n").at(-1) ?? "";
  if (!line.endsWith(".")) return undefined;
  const constraints: Record<string, unknown> = {};
  for (const clause of line.slice(0, -1).split("; ")) {
    const separator = clause.indexOf(": ");
    const keyword = describedKeywords.get(clause.slice(0, separator));
    if (separator < 0 || keyword === undefined) return undefined;
    constraints[keyword] = constraintValue(keyword, clause.slice(separator + 2));
  }
  return constraints;
}

function constraintValue(keyword: string, text: string): unknown {
  if (keyword === "pattern" || keyword === "format") return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
