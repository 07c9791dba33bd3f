// Bad input is refused in words that name the field and what it needs, not the validator's phrasing.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { historyInput, secondOpinionInput } from "../../src/contract/inputs.ts";
import { ServiceError } from "../../src/contract/service-error.ts";
import { validateInput } from "../../src/contract/validate-input.ts";

const refusal = (schema: Parameters<typeof validateInput>[0], input: unknown) => {
  try {
    validateInput(schema, input);
  } catch (error) {
    assert.ok(error instanceof ServiceError);
    assert.equal(error.code, "invalid_argument");
    return error.message;
  }
  assert.fail("the input was accepted");
};

describe("validateInput", () => {
  it("says a missing field is required", () => {
    assert.equal(refusal(historyInput, {}), "conversationId is required.");
    assert.equal(refusal(historyInput, undefined), "conversationId is required.");
  });

  it("says what type a field must have and what it got", () => {
    assert.equal(
      refusal(historyInput, { conversationId: 42 }),
      "conversationId must be a string, not a number.",
    );
    assert.match(
      refusal(secondOpinionInput, { question: ["a"] }),
      /^question must be a string, not an array/,
    );
    assert.equal(refusal(historyInput, "text"), "arguments must be an object, not a string.");
  });

  it("keeps the schema's own words for other problems", () => {
    assert.match(refusal(secondOpinionInput, { question: "" }), /^question: /);
  });
});
