// sampleFromSchema against the JSON Schemas the AI SDK sends for zod schemas: every sample must validate
// (checked with ajv, and with zod for the zod-made schemas), and rankings must be permutations.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { zodSchema } from "ai";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { z } from "zod";
import { type JsonSchema, sampleFromSchema } from "../../src/providers/schema-sample.ts";

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));

function assertValid(schema: JsonSchema, value: unknown): void {
  const validate = ajv.compile(schema);
  assert.ok(validate(value), `${JSON.stringify(value)}: ${JSON.stringify(validate.errors)}`);
}

/** The JSON Schema the AI SDK sends for a zod schema. */
async function wireSchema(schema: z.ZodType): Promise<JsonSchema> {
  return (await zodSchema(schema).jsonSchema) as JsonSchema;
}

/** Samples the wire schema of a zod schema, checks it with ajv and zod, and returns the parsed value. */
async function sampleZod<Schema extends z.ZodType>(
  schema: Schema,
  fill = (path: string[]) => `text at ${path.join(".")}`,
): Promise<z.infer<Schema>> {
  const json = await wireSchema(schema);
  const value = sampleFromSchema(json, fill);
  assertValid(json, value);
  return schema.parse(value);
}

describe("sampleFromSchema", () => {
  it("ranks every labelled response once, in label order", async () => {
    const ranking = z.object({
      ranking: z.array(z.object({ reason: z.string().max(20), label: z.enum(["A", "B", "C"]) })).length(3),
    });
    const value = await sampleZod(ranking, () => "a reason that is far too long to fit");
    assert.deepEqual(
      value.ranking.map((entry) => entry.label),
      ["A", "B", "C"],
    );
    assert.equal(value.ranking[0]?.reason, "a reason that is far");
  });

  it("gives unique enum items distinct values", () => {
    const schema = { type: "array", items: { enum: ["x", "y", "z"] }, minItems: 3, uniqueItems: true };
    const value = sampleFromSchema(schema, () => "");
    assert.deepEqual(value, ["x", "y", "z"]);
    assertValid(schema, value);
  });

  it("fills a synthesis with the caller's text and an assessment inside its bounds", async () => {
    const synthesis = z.object({
      markdown: z.string().min(1),
      assessment: z.object({
        agreement: z.number().min(0).max(1),
        consensus: z.array(z.string()).min(2),
        dissent: z.array(z.object({ model: z.string(), point: z.string() })),
        verdict: z.enum(["go", "block"]).nullable().optional(),
      }),
    });
    const paths: string[] = [];
    const value = await sampleZod(synthesis, (path) => {
      paths.push(path.join("."));
      return "Simulated answer";
    });
    assert.equal(value.markdown, "Simulated answer");
    assert.equal(value.assessment.agreement, 0.5);
    assert.equal(value.assessment.consensus.length, 2);
    assert.equal(value.assessment.verdict, "go");
    assert.deepEqual(paths, [
      "markdown",
      "assessment.consensus.0",
      "assessment.consensus.1",
      "assessment.dissent.0.model",
      "assessment.dissent.0.point",
    ]);
  });

  it("meets the constraints zod 4 emits: formats, literals, unions, tuples, records, references", async () => {
    type Tree = { name: string; children: Tree[] };
    const tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }));
    const everything = z.object({
      count: z.int().min(1).max(10),
      positive: z.number().positive(),
      negative: z.int().negative(),
      step: z.number().multipleOf(5).min(3).max(17),
      literal: z.literal("x"),
      union: z.union([z.literal("a"), z.literal("b")]),
      tuple: z.tuple([z.string(), z.number(), z.boolean()]),
      record: z.record(z.string(), z.number()),
      email: z.email(),
      url: z.url(),
      timestamp: z.iso.datetime(),
      day: z.iso.date(),
      id: z.uuid(),
      decision: z.discriminatedUnion("kind", [
        z.object({ kind: z.literal("go") }),
        z.object({ kind: z.literal("block"), reason: z.string().min(5) }),
      ]),
      withDefault: z.string().default("q"),
      tree,
      both: z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() })),
      padded: z.string().min(12),
      maybe: z.string().nullable(),
      nothing: z.null(),
    });
    const value = await sampleZod(everything, () => "short");
    assert.equal(value.count, 6);
    assert.equal(value.step, 10);
    assert.equal(value.padded.length, 12);
    assert.equal(value.maybe, "short");
    assert.deepEqual(value.tree.children[0]?.name, "short");
  });

  it("follows $defs and allOf, and reads Gemini's capitalised OpenAPI types", () => {
    const schema = {
      $defs: { score: { type: "integer", minimum: 1, maximum: 5 } },
      allOf: [
        { type: "object", properties: { score: { $ref: "#/$defs/score" } }, required: ["score"] },
        { properties: { note: { type: "string" } }, required: ["note"] },
      ],
    };
    const value = sampleFromSchema(schema, () => "n");
    assert.deepEqual(value, { score: 3, note: "n" });
    assertValid(schema, value);
    const openapi = { type: "OBJECT", properties: { list: { type: "ARRAY", items: { type: "NUMBER" } } } };
    assert.deepEqual(
      sampleFromSchema(openapi, () => ""),
      { list: [0] },
    );
  });

  it("keeps numbers inside exclusive bounds", () => {
    assert.equal(
      sampleFromSchema({ type: "integer", exclusiveMinimum: 0 }, () => ""),
      1,
    );
    assert.equal(
      sampleFromSchema({ type: "number", exclusiveMaximum: 0 }, () => ""),
      -1,
    );
    assert.equal(
      sampleFromSchema({ type: "integer", minimum: 0, exclusiveMaximum: 1 }, () => ""),
      0,
    );
  });

  it("is deterministic", async () => {
    const schema = await wireSchema(z.object({ items: z.array(z.object({ text: z.string() })).min(2) }));
    const fill = (path: string[]) => path.join("/");
    assert.deepEqual(sampleFromSchema(schema, fill), sampleFromSchema(schema, fill));
  });
});
