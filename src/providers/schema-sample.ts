// Builds a deterministic JSON value that satisfies a JSON Schema as the AI SDK sends it for structured
// output (zod 4 turned into draft-07), so stand-in models can answer `Output.object` requests with JSON
// that the caller's schema accepts.

import { isRecord } from "../contract/json-record.ts";

/** A JSON Schema object as it arrives on the wire (JSONSchema7, or a provider's dialect of it). */
export type JsonSchema = Record<string, unknown>;

/** The text for the string at `path` (property names and array indexes, from the root). */
export type StringFill = (path: string[]) => string;

/**
 * A deterministic instance of `schema`. Every listed property is present (optional ones too), arrays hold
 * `minItems` items (at least one), numbers sit in the middle of their bounds, `anyOf` and `oneOf` take the
 * first branch that is not null, and strings are `fill(path)` padded or cut to their length bounds. When
 * an array holds several items whose schema has an enum (on the item or on one of its properties), item i
 * takes the i-th enum value, so "rank A, B and C" gets a permutation; with `everyChoice`, such an array
 * with no `minItems` holds one item per enum value (a ranking of every response, as a reviewer is asked).
 * A `pattern` is only met through a known `format` (email, uri, date-time, uuid, ...); `not` is ignored.
 */
export function sampleFromSchema(schema: unknown, fill: StringFill, everyChoice = false): unknown {
  return sample(schema, [], { root: schema, fill, expansions: 0, everyChoice });
}

interface Context {
  root: unknown;
  fill: StringFill;
  /** `$ref`s followed on the way here; past `maxExpansions` arrays and objects stay minimal. */
  expansions: number;
  /** An array of enum-valued items with no `minItems` holds one item per value. */
  everyChoice: boolean;
}

/** Bounds recursive schemas (a tree whose children are trees). */
const maxExpansions = 8;

const formatSamples: Record<string, string> = {
  email: "simulated@example.com",
  uri: "https://example.com/",
  url: "https://example.com/",
  "date-time": "2025-01-01T00:00:00Z",
  date: "2025-01-01",
  time: "00:00:00",
  duration: "P1D",
  uuid: "00000000-0000-0000-0000-000000000000",
  hostname: "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
};

function sample(schema: unknown, path: string[], context: Context): unknown {
  if (!isRecord(schema)) return context.fill(path);
  if (typeof schema.$ref === "string") {
    const target = resolveReference(context.root, schema.$ref);
    return sample(target, path, { ...context, expansions: context.expansions + 1 });
  }
  const values = enumOf(schema);
  if (values) return values[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches) && branches.length > 0) {
    const branch = branches.find((candidate) => !isNullSchema(candidate)) ?? branches[0];
    return sample(branch, path, context);
  }
  if (Array.isArray(schema.allOf)) return sample(mergeAll(schema, schema.allOf, context), path, context);
  switch (typeOf(schema)) {
    case "object":
      return sampleObject(schema, path, context);
    case "array":
      return sampleArray(schema, path, context);
    case "number":
      return sampleNumber(schema, false);
    case "integer":
      return sampleNumber(schema, true);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return sampleString(schema, path, context.fill);
  }
}

function sampleObject(schema: JsonSchema, path: string[], context: Context): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const minimal = context.expansions >= maxExpansions;
  const result: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (property === false || (minimal && !required.has(name))) continue;
    result[name] = sample(property, [...path, name], context);
  }
  return result;
}

function sampleArray(schema: JsonSchema, path: string[], context: Context): unknown[] {
  const tuple = Array.isArray(schema.prefixItems) ? schema.prefixItems : schema.items;
  if (Array.isArray(tuple))
    return tuple.map((item, index) => sample(item, [...path, String(index)], context));
  const minimum = numberOf(schema.minItems) ?? 0;
  const maximum = numberOf(schema.maxItems) ?? Number.POSITIVE_INFINITY;
  const item =
    isRecord(schema.items) && typeof schema.items.$ref === "string"
      ? follow(schema.items, context)
      : schema.items;
  const itemContext = item === schema.items ? context : { ...context, expansions: context.expansions + 1 };
  const choices =
    context.everyChoice && schema.minItems === undefined ? distinctEnum(item, 2, itemContext) : undefined;
  const least = choices?.values.length ?? (context.expansions >= maxExpansions ? 0 : 1);
  const count = Math.min(Math.max(minimum, least), maximum);
  const distinct = distinctEnum(item, count, itemContext);
  return Array.from({ length: count }, (_, index) => {
    const value = sample(item, [...path, String(index)], itemContext);
    if (!distinct) return value;
    const choice = distinct.values[index];
    if (distinct.property === undefined) return choice;
    return isRecord(value) ? { ...value, [distinct.property]: choice } : value;
  });
}

/** The enum that gives each of `count` items its own value: on the item itself or on its first property that has enough values. */
function distinctEnum(
  item: unknown,
  count: number,
  context: Context,
): { property?: string; values: unknown[] } | undefined {
  if (count < 2 || !isRecord(item)) return undefined;
  const own = enumOf(item);
  if (own) return own.length >= count ? { values: own } : undefined;
  if (!isRecord(item.properties)) return undefined;
  for (const [property, definition] of Object.entries(item.properties)) {
    const values = enumOf(follow(definition, context));
    if (values && values.length >= count) return { property, values };
  }
  return undefined;
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  const exclusiveLow = numberOf(schema.exclusiveMinimum);
  const exclusiveHigh = numberOf(schema.exclusiveMaximum);
  const low = Math.max(numberOf(schema.minimum) ?? -Infinity, exclusiveLow ?? -Infinity);
  const high = Math.min(numberOf(schema.maximum) ?? Infinity, exclusiveHigh ?? Infinity);
  const step = numberOf(schema.multipleOf) ?? (integer ? 1 : undefined);
  const allowed = (value: number) =>
    value >= low && value <= high && value !== exclusiveLow && value !== exclusiveHigh;
  let value = 0;
  if (Number.isFinite(low) && Number.isFinite(high)) value = (low + high) / 2;
  else if (Number.isFinite(low)) value = low === exclusiveLow ? low + (step ?? 1) : low;
  else if (Number.isFinite(high)) value = Math.min(0, high === exclusiveHigh ? high - (step ?? 1) : high);
  if (step === undefined) return value;
  const rounded = Math.round(value / step) * step;
  return [rounded, rounded + step, rounded - step].find(allowed) ?? rounded;
}

function sampleString(schema: JsonSchema, path: string[], fill: StringFill): string {
  const format = typeof schema.format === "string" ? formatSamples[schema.format] : undefined;
  const text = format ?? fill(path);
  const minimum = numberOf(schema.minLength) ?? 0;
  const maximum = numberOf(schema.maxLength) ?? Number.POSITIVE_INFINITY;
  return text.padEnd(minimum, ".").slice(0, maximum);
}

/** The allowed values when the schema is an enum, a const, or a union of consts. */
function enumOf(schema: unknown): unknown[] | undefined {
  if (!isRecord(schema)) return undefined;
  if ("const" in schema) return [schema.const];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum;
  const branches = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(branches) || !branches.every((branch) => isRecord(branch) && "const" in branch))
    return undefined;
  return branches.map((branch) => (branch as JsonSchema).const);
}

function typeOf(schema: JsonSchema): string {
  const declared = Array.isArray(schema.type)
    ? (schema.type.find((type) => type !== "null") ?? schema.type[0])
    : schema.type;
  // Gemini's OpenAPI-style `responseSchema` spells types in capitals ("OBJECT").
  if (typeof declared === "string") return declared.toLowerCase();
  if (isRecord(schema.properties) || Array.isArray(schema.required)) return "object";
  if (schema.items !== undefined || schema.prefixItems !== undefined) return "array";
  if (["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"].some((key) => key in schema))
    return "number";
  return "string";
}

function isNullSchema(schema: unknown): boolean {
  if (!isRecord(schema)) return false;
  return (
    schema.type === "null" || schema.const === null || (Array.isArray(schema.enum) && schema.enum[0] === null)
  );
}

/** Folds `allOf` parts into one schema: properties and required lists are unions, other keywords last-wins. */
function mergeAll(schema: JsonSchema, parts: unknown[], context: Context): JsonSchema {
  const { allOf: _, ...merged } = schema;
  for (const part of parts.map((candidate) => follow(candidate, context))) {
    if (!isRecord(part)) continue;
    const properties = {
      ...(isRecord(merged.properties) ? merged.properties : {}),
      ...(isRecord(part.properties) ? part.properties : {}),
    };
    const required = [merged.required, part.required].flatMap((list) => (Array.isArray(list) ? list : []));
    Object.assign(merged, part, { properties, required: [...new Set(required)] });
  }
  return merged;
}

/** The schema behind a `$ref`, or the schema itself. */
function follow(schema: unknown, context: Context): unknown {
  return isRecord(schema) && typeof schema.$ref === "string"
    ? resolveReference(context.root, schema.$ref)
    : schema;
}

/** Resolves a local reference such as `#/definitions/__schema0` or `#/$defs/Node`; other references give undefined. */
function resolveReference(root: unknown, reference: string): unknown {
  if (!reference.startsWith("#")) return undefined;
  const pointer = decodeURIComponent(reference.slice(1));
  const segments = pointer.split("/").slice(1);
  let node: unknown = root;
  for (const segment of segments) {
    if (!isRecord(node)) return undefined;
    node = node[segment.replaceAll("~1", "/").replaceAll("~0", "~")];
  }
  return node;
}

function numberOf(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}
