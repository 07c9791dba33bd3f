// The tools' output schemas come from the contract's zod schemas (src/contract/), not from copies: as
// advertised they are open like the seed schemas (a client that validates a result never rejects a
// field added later) and strict clients accept them (draft-07, every array's items described); closed,
// as the tests check every result against them, they refuse a field the contract does not name.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Ajv } from "ajv";
import { resultSchemas } from "../../src/contract/result-schemas.ts";
import { loadOutputSchemas, toJsonSchema } from "../../src/mcp/output-schemas.ts";

const outputSchemas = await loadOutputSchemas();

/** Every object (sub)schema of `schema`, with the path to it. */
function* subschemas(schema: unknown, path = "#"): Generator<[string, Record<string, unknown>]> {
  if (typeof schema !== "object" || schema === null) return;
  if (Array.isArray(schema)) {
    for (const [index, item] of schema.entries()) yield* subschemas(item, `${path}/${index}`);
    return;
  }
  yield [path, schema as Record<string, unknown>];
  for (const [key, value] of Object.entries(schema)) yield* subschemas(value, `${path}/${key}`);
}

const minimalOpinion = {
  model: "alpha",
  modelId: "alpha-1",
  modelDisplayName: "Alpha",
  response: "Yes.",
  latencyMs: 12,
  citations: [],
};

const minimalResult = {
  conversationId: "c1",
  conversationCreated: true,
  conversationTitle: "Question",
  primary: minimalOpinion,
  secondaryOpinions: [],
  synthesis: null,
  userMessageId: null,
  assistantMessageId: null,
  persistenceStatus: {
    userMessageSaved: false,
    assistantMessageSaved: false,
    userMessageId: null,
    assistantMessageId: null,
    error: "the store was read-only",
  },
  summary: { totalModels: 1, totalLatencyMs: 12, successfulModels: 1, failedModels: 0 },
};

describe("the tools' output schemas", () => {
  it("are listed for every tool's result, in the seed schemas' dialect, open to added fields", () => {
    assert.deepEqual(Object.keys(outputSchemas).sort(), Object.keys(resultSchemas).sort());
    for (const [name, schema] of Object.entries(outputSchemas)) {
      assert.equal(schema.$schema, "http://json-schema.org/draft-07/schema#", name);
      assert.equal(schema.type, "object", name);
      for (const [path, part] of subschemas(schema)) {
        assert.notEqual(part.additionalProperties, false, `${name} ${path} refuses added fields`);
        assert.notEqual(part.items, true, `${name} ${path} does not describe its items`);
        assert.ok(!("maximum" in part && part.maximum === Number.MAX_SAFE_INTEGER), `${name} ${path}`);
      }
    }
  });

  it("name the seed schema's definitions and describe the synthesis' sources as citations", () => {
    const definitions = outputSchemas.secondOpinion.definitions as Record<string, { properties?: object }>;
    for (const name of ["modelOpinion", "synthesis", "summary", "persistenceStatus", "conversationMessage"])
      assert.ok(definitions[name], `no ${name} definition`);
    assert.deepEqual(definitions.synthesis?.properties, {
      ...definitions.synthesis?.properties,
      sources: { type: "array", items: { $ref: "#/definitions/citation" } },
    });
  });

  it("accept a result with a field the contract does not name as advertised, and refuse it closed", () => {
    const compile = (schema: Record<string, unknown>) => {
      const { $schema: _dialect, ...body } = schema;
      return new Ajv({ strict: false }).compile(body);
    };
    const advertised = compile(outputSchemas.secondOpinion);
    const closed = compile(toJsonSchema(resultSchemas.secondOpinion, false));
    assert.ok(advertised(minimalResult), JSON.stringify(advertised.errors));
    assert.ok(closed(minimalResult), JSON.stringify(closed.errors));
    const added = { ...minimalResult, primary: { ...minimalOpinion, mood: "cheerful" } };
    assert.ok(advertised(added), JSON.stringify(advertised.errors));
    assert.equal(closed(added), false, "the closed schema accepts a field the contract lacks");
    assert.match(JSON.stringify(closed.errors), /additionalProperties/);
  });
});
