// Validators for the seed schemas. Every tool result in the tests goes through these.

import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { outputSchemas } from "../../src/mcp/output-schemas.ts";

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function compile(fileName: string): ValidateFunction {
  const schema = JSON.parse(readFileSync(new URL(`../../schemas/${fileName}`, import.meta.url), "utf8"));
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

const validators = {
  secondOpinion: compile("agent-second-opinion.schema.json"),
  history: compile("conversation-get-history.schema.json"),
};

/** Throws with every violation of the output schema the server advertises for one of its own tools. */
export function assertMatchesOutputSchema(
  name: Exclude<keyof typeof outputSchemas, keyof typeof validators>,
  value: unknown,
): void {
  const { $schema: _dialect, ...schema } = outputSchemas[name];
  const validate = ownValidators[name] ?? new Ajv({ allErrors: true, strict: false }).compile(schema);
  ownValidators[name] = validate;
  if (!validate(value)) {
    throw new Error(
      `result does not match the ${name} output schema:\n${JSON.stringify(validate.errors, null, 2)}`,
    );
  }
}

const ownValidators: Partial<Record<string, ValidateFunction>> = {};

/** Throws with every schema violation when `value` does not match the named seed schema. */
export function assertMatchesSchema(name: keyof typeof validators, value: unknown): void {
  const validate = validators[name];
  if (!validate(value)) {
    throw new Error(
      `result does not match the ${name} seed schema:\n${JSON.stringify(validate.errors, null, 2)}`,
    );
  }
}
