// The cost estimate before any call: upper bounds from prompt size, output caps and prices; the
// dearest secondaries left out first under maxCostUsd; a refusal with the estimate when even the
// primary cannot fit; models of unknown cost allowed or left out by the tier.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { estimateCallCost, fitPlanToBudget } from "../../src/consultation/planning/cost-budget.ts";
import type { ServiceError } from "../../src/contract/service-error.ts";
import type { ModelEntry } from "../../src/providers/model-entry.ts";

function model(name: string, input?: number, output?: number, maxOutputTokens = 1000): ModelEntry {
  return {
    name,
    provider: "openai",
    modelId: name,
    displayName: name,
    contextWindow: 100_000,
    webSearch: false,
    maxOutputTokens,
    ...(input !== undefined ? { inputPricePerMillion: input } : {}),
    ...(output !== undefined ? { outputPricePerMillion: output } : {}),
  };
}

const cheap = model("cheap", 1, 1);
const mid = model("mid", 10, 10);
const dear = model("dear", 100, 100);
const free = model("free");
const plan = { primary: cheap, secondaries: [dear, mid], synthesis: [cheap, mid] };

describe("cost budget", () => {
  it("estimates one call as prompt tokens plus the whole output cap at the catalog price", () => {
    assert.equal(estimateCallCost(mid, 500), (500 * 10 + 1000 * 10) / 1e6);
    assert.equal(estimateCallCost(free, 500), undefined);
  });

  it("keeps every model when there is no cap, and reports nothing left out", () => {
    const { plan: fitted, report } = fitPlanToBudget(plan, 100, { unpricedModels: "allow" });
    assert.deepEqual(fitted, plan);
    assert.deepEqual(report.leftOut, []);
    assert.equal(report.maxCostUsd, null);
    // cheap + dear + mid opinions, then cheap's synthesis reading all three answers.
    const expected =
      (100 + 1000) / 1e6 +
      (100 * 100 + 1000 * 100) / 1e6 +
      (100 * 10 + 1000 * 10) / 1e6 +
      (3100 + 1000) / 1e6;
    assert.ok(Math.abs(report.estimatedCostUsd - expected) < 1e-6);
  });

  it("holds, for a daily budget, the first synthesis candidate twice: structured, then plain", () => {
    const { report, worstCaseUsd, synthesisAllowanceUsd } = fitPlanToBudget(plan, 100, {
      unpricedModels: "allow",
    });
    const opinions = (100 + 1000) / 1e6 + (100 * 100 + 1000 * 100) / 1e6 + (100 * 10 + 1000 * 10) / 1e6;
    // cheap's synthesis reads the prompt and the three answers (3,000 tokens at most).
    const synthesis = (2 * (3100 + 1000)) / 1e6;
    assert.ok(Math.abs(synthesisAllowanceUsd - synthesis) < 1e-9, `${synthesisAllowanceUsd}`);
    assert.ok(Math.abs(worstCaseUsd - (opinions + synthesis)) < 1e-6, `${worstCaseUsd}`);
    assert.ok(worstCaseUsd > report.estimatedCostUsd);
    const alone = fitPlanToBudget({ ...plan, secondaries: [] }, 100, { unpricedModels: "allow" });
    assert.equal(alone.worstCaseUsd, alone.report.estimatedCostUsd, "no synthesis without secondaries");
  });

  it("leaves out the dearest secondary first until the estimate fits", () => {
    const { plan: fitted, report } = fitPlanToBudget(plan, 100, {
      maxCostUsd: 0.05,
      unpricedModels: "allow",
    });
    assert.deepEqual(
      fitted.secondaries.map((entry) => entry.name),
      ["mid"],
    );
    assert.deepEqual(
      report.leftOut.map((left) => left.model),
      ["dear"],
    );
    assert.match(report.leftOut[0]?.reason ?? "", /maxCostUsd 0\.05/);
    assert.ok(report.estimatedCostUsd <= 0.05);
    assert.equal(fitted.synthesis[0]?.name, "cheap");
  });

  it("drops the synthesis with the last secondary, and refuses when the primary alone does not fit", () => {
    const alone = fitPlanToBudget(plan, 100, { maxCostUsd: 0.002, unpricedModels: "allow" });
    assert.deepEqual(alone.plan.secondaries, []);
    assert.deepEqual(alone.plan.synthesis, []);
    assert.throws(
      () => fitPlanToBudget({ ...plan, primary: dear }, 100, { maxCostUsd: 0.002, unpricedModels: "allow" }),
      (error: ServiceError) => {
        assert.equal(error.code, "budget_exceeded");
        assert.match(error.message, /dear alone may cost up to \$0\.11.*maxCostUsd \$0\.002/);
        assert.equal(error.details?.estimatedCostUsd, 0.11);
        return true;
      },
    );
  });

  it("leaves out models of unknown cost when the tier refuses them, and names them when it allows them", () => {
    const withFree = { primary: cheap, secondaries: [free, mid], synthesis: [free, cheap] };
    const refused = fitPlanToBudget(withFree, 100, { unpricedModels: "refuse" });
    assert.deepEqual(
      refused.plan.secondaries.map((entry) => entry.name),
      ["mid"],
    );
    assert.deepEqual(
      refused.plan.synthesis.map((entry) => entry.name),
      ["cheap"],
    );
    assert.match(refused.report.leftOut[0]?.reason ?? "", /^unknown cost/);
    const allowed = fitPlanToBudget(withFree, 100, { unpricedModels: "allow" });
    assert.deepEqual(allowed.report.unknownCost, ["free"]);
    assert.throws(
      () => fitPlanToBudget({ ...withFree, primary: free }, 100, { unpricedModels: "refuse" }),
      /free has no price/,
    );
  });
});
