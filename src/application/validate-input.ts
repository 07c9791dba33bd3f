// Validates a use case's raw input against its schema; a bad input is one invalid_argument error
// naming each field and what is wrong with it.

import type { z } from "zod";
import { ServiceError } from "../errors/service-error.ts";

/** The parsed input, or throws invalid_argument listing every problem. */
export function validateInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join(".") : "arguments";
    return `${field}: ${issue.message}`;
  });
  throw new ServiceError("invalid_argument", `${problems.join("; ")}.`, { problems });
}
