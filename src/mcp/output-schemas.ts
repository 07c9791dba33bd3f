// The tools' output schemas: the contract's result schemas (src/contract/) as JSON Schema. The
// contract's zod schemas are loaded at the first `tools/list` or `tools/call` (`loadOutputSchemas`),
// not at start (a start answers `initialize` without them), and each JSON Schema is built once per
// process, at its first use, and shared by every server instance (HTTP builds one per request).
//
// They are advertised open, like the seed schemas (schemas/): an object may carry properties the
// contract does not name, so a client validating a result against them never rejects a field added
// later. Every result must still satisfy the seed schemas and the contract's closed form, which the
// tests check (test/support/seed-schemas.ts).

import { z } from "zod";
import type { OutputName } from "../contract/result-schemas.ts";

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

/** Every tool's output schema, by the short name of its result. */
export type OutputSchemas = { readonly [Name in OutputName]: JsonSchema };

/**
 * `schema` as JSON Schema in the seed schemas' dialect (draft-07). `open` leaves objects open to
 * properties the contract does not name (what clients are shown); closed, they refuse them (what the
 * tests check results against, so a field the contract lacks is found). Integer bounds that only say
 * "a safe integer" are left out.
 */
export function toJsonSchema(schema: z.ZodType, open: boolean): JsonSchema {
  return z.toJSONSchema(schema, {
    target: "draft-07",
    io: open ? "input" : "output",
    override: ({ jsonSchema }) => {
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    },
  }) as JsonSchema;
}

/** An object whose property `name` is `builders[name]()`, called at the property's first read. */
function builtOnFirstUse<Name extends string>(
  builders: Record<Name, () => JsonSchema>,
): { readonly [Key in Name]: JsonSchema } {
  const schemas = {} as Record<Name, JsonSchema>;
  for (const name of Object.keys(builders) as Name[]) {
    let schema: JsonSchema | undefined;
    Object.defineProperty(schemas, name, {
      enumerable: true,
      get() {
        schema ??= builders[name]();
        return schema;
      },
    });
  }
  return schemas;
}

let loading: Promise<OutputSchemas> | undefined;
let loaded: OutputSchemas | undefined;

/** Loads the contract's result schemas (once); resolves with every tool's output schema as listed. */
export function loadOutputSchemas(): Promise<OutputSchemas> {
  loading ??= import("../contract/result-schemas.ts").then(({ resultSchemas }) => {
    const names = Object.keys(resultSchemas) as OutputName[];
    loaded = builtOnFirstUse(
      Object.fromEntries(
        names.map((name) => [name, () => toJsonSchema(resultSchemas[name], true)]),
      ) as Record<OutputName, () => JsonSchema>,
    );
    return loaded;
  });
  return loading;
}

/** The output schema of the tool whose result is `name`; {@link loadOutputSchemas} must have resolved. */
export function outputSchemaOf(name: OutputName): JsonSchema {
  if (!loaded) throw new Error("the output schemas are read before loadOutputSchemas() resolved");
  return loaded[name];
}
