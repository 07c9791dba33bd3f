// Choosing the primary, secondaries and synthesis candidates of a consultation, from the arguments, a
// named panel or the defaults, and refusing bad choices.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type ConsultationDefaults, defaultConsultation } from "../../src/configuration/configuration.ts";
import type { Panel } from "../../src/configuration/panels.ts";
import { type ModelChoice, planConsultation } from "../../src/consultation/planning/model-selection.ts";
import { ServiceError } from "../../src/contract/service-error.ts";
import type { ModelEntry, ProviderKind } from "../../src/providers/model-entry.ts";
import type { ModelRoster } from "../../src/providers/model-roster.ts";

function entry(name: string, provider: ProviderKind): ModelEntry {
  return {
    name,
    provider,
    modelId: `${name}-1`,
    displayName: `Model ${name}`,
    contextWindow: 100_000,
    webSearch: false,
  };
}

/** Six available models from four vendors, in preference order, and one known but unavailable. */
const available = [
  entry("openai-a", "openai"),
  entry("openai-b", "openai"),
  entry("claude-a", "anthropic"),
  entry("gemini-a", "google"),
  entry("claude-b", "anthropic"),
  entry("grok-a", "xai"),
];
const unavailable = entry("sonar", "perplexity");
const roster: ModelRoster = {
  mode: "configured",
  statuses: [
    ...available.map((model) => ({ entry: model, available: true })),
    { entry: unavailable, available: false, reason: "missing key: set PERPLEXITY_API_KEY" },
  ],
  available,
};

function plan(choice: ModelChoice, defaults: Partial<ConsultationDefaults> = {}) {
  const result = planConsultation(choice, roster, { ...defaultConsultation, ...defaults });
  return {
    primary: result.primary.name,
    secondaries: result.secondaries.map((model) => model.name),
    synthesis: result.synthesis.map((model) => model.name),
  };
}

/** Asserts that `choice` is refused with `code` and a message containing every `fragment`. */
function assertRefused(choice: ModelChoice, code: string, ...fragments: string[]): void {
  assert.throws(
    () => plan(choice),
    (error: unknown) => {
      assert.ok(error instanceof ServiceError, `expected a ServiceError, got ${String(error)}`);
      assert.equal(error.code, code);
      for (const fragment of fragments) {
        assert.ok(error.message.includes(fragment), `"${error.message}" lacks "${fragment}"`);
      }
      return true;
    },
  );
}

describe("planConsultation: primary", () => {
  it("defaults to the first available model", () => {
    assert.equal(plan({}).primary, "openai-a");
  });

  it("honours defaults.primary when it is available, and ignores it when it is not", () => {
    assert.equal(plan({}, { primary: "gemini-a" }).primary, "gemini-a");
    assert.equal(plan({}, { primary: "sonar" }).primary, "openai-a");
  });

  it("lets the caller's primaryModel win over defaults.primary", () => {
    assert.equal(plan({ primaryModel: "grok-a" }, { primary: "gemini-a" }).primary, "grok-a");
  });
});

describe("planConsultation: secondaries", () => {
  it("takes one model per other vendor first, capped by maxOpinions", () => {
    assert.deepEqual(plan({}).secondaries, ["claude-a", "gemini-a", "grok-a"]);
    assert.deepEqual(plan({ maxOpinions: 2 }).secondaries, ["claude-a", "gemini-a"]);
    assert.deepEqual(plan({ maxOpinions: 8 }).secondaries, [
      "claude-a",
      "gemini-a",
      "grok-a",
      "openai-b",
      "claude-b",
    ]);
  });

  it("avoids the vendor of a non-default primary", () => {
    assert.deepEqual(plan({ primaryModel: "claude-b" }).secondaries, ["openai-a", "gemini-a", "grok-a"]);
  });

  it("prefers defaults.secondaries in their order, skipping the primary and unavailable ones", () => {
    const defaults = { secondaries: ["grok-a", "sonar", "openai-a", "claude-b"] };
    assert.deepEqual(plan({ maxOpinions: 2 }, defaults).secondaries, ["grok-a", "claude-b"]);
  });

  it("honours explicit secondaryModels without duplicates and without the primary", () => {
    const chosen = plan({
      primaryModel: "openai-a",
      secondaryModels: ["claude-b", "openai-a", "openai-b", "claude-b"],
    });
    assert.deepEqual(chosen.secondaries, ["claude-b", "openai-b"]);
  });

  it("asks no secondaries and plans no synthesis when maxOpinions is 0", () => {
    assert.deepEqual(plan({ maxOpinions: 0, secondaryModels: ["claude-a"] }), {
      primary: "openai-a",
      secondaries: [],
      synthesis: [],
    });
  });
});

describe("planConsultation: synthesis", () => {
  it("tries synthesisModel, then the primary, then the others, each once", () => {
    const { synthesis } = plan({ primaryModel: "openai-a", synthesisModel: "grok-a", maxOpinions: 2 });
    assert.deepEqual(synthesis, ["grok-a", "openai-a", "claude-a", "gemini-a", "openai-b", "claude-b"]);
  });

  it("starts with defaults.synthesis when the caller names none, else with the primary", () => {
    assert.equal(plan({}, { synthesis: "claude-b" }).synthesis[0], "claude-b");
    assert.equal(plan({}).synthesis[0], "openai-a");
    assert.equal(new Set(plan({}).synthesis).size, available.length);
  });
});

describe("planConsultation: refusals", () => {
  it("refuses an unknown model and lists the available ones", () => {
    assertRefused({ primaryModel: "gpt-9" }, "unknown_model", '"gpt-9"', "openai-a, openai-b, claude-a");
    assertRefused({ secondaryModels: ["claude-a", "llama"] }, "unknown_model", '"llama"');
    assertRefused({ synthesisModel: "nobody" }, "unknown_model", '"nobody"');
  });

  it("says why a known model is unavailable", () => {
    assertRefused({ primaryModel: "sonar" }, "unknown_model", "not available", "PERPLEXITY_API_KEY");
  });

  it("refuses maxOpinions outside 0 to 8", () => {
    for (const maxOpinions of [9, -1, 1.5]) assertRefused({ maxOpinions }, "invalid_argument", "maxOpinions");
  });

  it("refuses when no model is available", () => {
    const empty: ModelRoster = { mode: "configured", statuses: [], available: [] };
    assert.throws(
      () => planConsultation({}, empty, defaultConsultation),
      (error: unknown) => error instanceof ServiceError && error.code === "unknown_model",
    );
  });
});

describe("planConsultation: panels", () => {
  const panels: Panel[] = [
    { name: "quick", models: ["gemini-a", "grok-a", "claude-b"], primary: "gemini-a", maxOpinions: 1 },
    {
      name: "wide",
      models: ["claude-a", "openai-b", "grok-a"],
      primary: "openai-b",
      synthesisModel: "grok-a",
      hedge: { after: "p95", equivalents: { "claude-a": "claude-b" } },
    },
    { name: "searching", models: ["claude-a", "sonar"], primary: "claude-a" },
  ];
  const withPanels = { panels, primary: "openai-a", secondaries: ["claude-b"], synthesis: "claude-b" };

  it("takes the primary, secondaries, synthesis model and maxOpinions from the panel, not the defaults", () => {
    assert.deepEqual(plan({ panel: "wide" }, withPanels), {
      primary: "openai-b",
      secondaries: ["claude-a", "grok-a"],
      synthesis: ["grok-a", "openai-b", "claude-a", "openai-a", "gemini-a", "claude-b"],
    });
    const quick = plan({ panel: "quick" }, withPanels);
    assert.equal(quick.primary, "gemini-a");
    assert.deepEqual(quick.secondaries, ["grok-a"]);
    assert.equal(quick.synthesis[0], "gemini-a", "without a synthesis model the panel's primary writes it");
  });

  it("lets each argument given with the panel win over the panel's", () => {
    const primary = plan({ panel: "wide", primaryModel: "claude-a" }, withPanels);
    assert.equal(primary.primary, "claude-a");
    assert.deepEqual(primary.secondaries, ["openai-b", "grok-a"], "the panel's own primary is asked too");
    assert.deepEqual(plan({ panel: "wide", secondaryModels: ["gemini-a"] }, withPanels).secondaries, [
      "gemini-a",
    ]);
    assert.deepEqual(
      plan({ panel: "quick", secondaryModels: ["openai-a", "claude-a"] }, withPanels).secondaries,
      ["openai-a", "claude-a"],
      "the caller's secondaries are all asked, whatever the panel's maxOpinions",
    );
    assert.equal(plan({ panel: "wide", synthesisModel: "gemini-a" }, withPanels).synthesis[0], "gemini-a");
    assert.deepEqual(plan({ panel: "quick", maxOpinions: 2 }, withPanels).secondaries, [
      "grok-a",
      "claude-b",
    ]);
    assert.deepEqual(plan({ panel: "wide", maxOpinions: 0 }, withPanels), {
      primary: "openai-b",
      secondaries: [],
      synthesis: [],
    });
  });

  it("carries the panel's hedging in the plan, and none without a panel that hedges", () => {
    const hedged = planConsultation({ panel: "wide" }, roster, { ...defaultConsultation, panels });
    assert.deepEqual(hedged.hedge, { after: "p95", equivalents: { "claude-a": "claude-b" } });
    assert.equal(
      planConsultation({ panel: "quick" }, roster, { ...defaultConsultation, panels }).hedge,
      undefined,
    );
    assert.equal(planConsultation({}, roster, { ...defaultConsultation, panels }).hedge, undefined);
  });

  it("refuses an unknown panel naming the known ones, and says why a panel's model is unavailable", () => {
    assert.throws(
      () => plan({ panel: "slow" }, withPanels),
      (error: unknown) =>
        error instanceof ServiceError &&
        error.code === "invalid_argument" &&
        error.message.includes('"slow"') &&
        error.message.includes("quick, wide, searching"),
    );
    assertRefused({ panel: "fast" }, "invalid_argument", "Panels: none");
    assert.throws(
      () => plan({ panel: "searching" }, withPanels),
      (error: unknown) =>
        error instanceof ServiceError &&
        error.code === "unknown_model" &&
        error.message.includes("PERPLEXITY_API_KEY"),
    );
  });
});
