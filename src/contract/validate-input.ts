// Validates a use case's raw input against its schema; a bad input is one invalid_argument error
// naming each field and what is wrong with it, in words ("conversationId is required"), not the
// validator's own phrasing. A number too large to be finite (1e400 in JSON reads as Infinity) is named
// as too large, not as a number that is not a number.

import type { z } from "zod";
import { ServiceError } from "./service-error.ts";

/** The parsed input, or throws invalid_argument listing every problem. */
export function validateInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => describeIssue(issue, input ?? {}));
  throw new ServiceError("invalid_argument", `${problems.join("; ")}.`, { problems });
}

/** One problem with `input`, naming its field. */
function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const field = issue.path.length > 0 ? issue.path.join(".") : "arguments";
  if (issue.code !== "invalid_type") return `${field}: ${issue.message}`;
  const value = valueAt(input, issue.path);
  if (value === undefined) return `${field} is required`;
  if (typeof value === "number" && !Number.isFinite(value)) return `${field} ${nonFinite(value)}`;
  const received = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
  return `${field} must be ${withArticle(issue.expected)}, not ${received}`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** What is wrong with a number that is not finite, in words. */
function nonFinite(value: number): string {
  if (Number.isNaN(value)) return "is not a number (NaN)";
  return `is too ${value > 0 ? "large" : "small"}: only finite numbers are accepted (this one reads as ${value})`;
}

function withArticle(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
