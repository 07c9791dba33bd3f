// The words of the question before a costly call: the models, who writes the synthesis, the most it
// may cost, the setting it is above, the models whose cost is not counted, and the cheaper choice.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { questionText } from "../../src/mcp/cost-question.ts";

describe("the cost question's text", () => {
  it("says how many models, which, the most they may cost and the cheaper way", () => {
    const text = questionText({
      models: ["claude", "openai", "gemini"],
      synthesisModel: "claude",
      estimatedCostUsd: 1.234,
      unknownCost: [],
      confirmAboveUsd: 0.25,
      cheaper: {
        models: ["claude", "openai"],
        synthesisModel: "claude",
        estimatedCostUsd: 0.21234567,
        unknownCost: [],
        arguments: {},
      },
    });
    assert.match(
      text,
      /^This will ask 3 models \(claude, openai, gemini; claude writes the synthesis\) and may cost up to \$1\.23 \(above the \$0\.25 this server asks about;/,
    );
    assert.match(
      text,
      / Go on\? Or ask 2 models \(claude, openai; claude writes the synthesis\), up to \$0\.2123\.$/,
    );
  });

  it("names the models whose cost the estimate cannot count", () => {
    const text = questionText({
      models: ["lab"],
      estimatedCostUsd: 0.5,
      unknownCost: ["lab"],
      confirmAboveUsd: 0,
    });
    assert.match(text, /^This will ask 1 model \(lab\) and may cost up to \$0\.5 /);
    assert.match(text, / lab has no price, so its cost is not counted\. Go on\?$/);
  });
});
