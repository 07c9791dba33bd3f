// The one test for a plain JSON object (not null, not an array), shared by every place that reads JSON
// of unknown shape: provider model lists, price files, question files, schemas, MCP request bodies.

/** Whether `value` is a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
