// Validators for the seed schemas and the contract. Every tool result in the tests goes through these:
// a second opinion or a history page must satisfy its seed schema (the external contract, schemas/),
// and every result the closed form of the contract's schema (src/contract/), which refuses a property
// the contract does not name, so a field the engine adds without the contract is found here.

import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { type OutputName, resultSchemas } from "../../src/contract/result-schemas.ts";
import { toJsonSchema } from "../../src/mcp/output-schemas.ts";

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

const contractValidators: Partial<Record<OutputName, ValidateFunction>> = {};

/** Throws with every violation of the closed contract schema of the tool whose result is `name`. */
export function assertMatchesOutputSchema(name: OutputName, value: unknown): void {
  let validate = contractValidators[name];
  if (!validate) {
    const { $schema: _dialect, ...schema } = toJsonSchema(resultSchemas[name], false);
    validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    contractValidators[name] = validate;
  }
  if (!validate(value)) {
    throw new Error(
      `result does not match the contract's ${name} schema:\n${JSON.stringify(validate.errors, null, 2)}`,
    );
  }
}

/** Throws with every violation when `value` does not match the named seed schema and the contract. */
export function assertMatchesSchema(name: keyof typeof validators, value: unknown): void {
  assertMatchesSeedSchema(name, value);
  assertMatchesOutputSchema(name, value);
}

/** Throws with every violation of the named seed schema alone (for a result the contract extends, a replay's). */
export function assertMatchesSeedSchema(name: keyof typeof validators, value: unknown): void {
  const validate = validators[name];
  if (!validate(value)) {
    throw new Error(
      `result does not match the ${name} seed schema:\n${JSON.stringify(validate.errors, null, 2)}`,
    );
  }
}
