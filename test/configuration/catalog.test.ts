// The built-in catalog stays current: every model id is one its AI SDK provider package knows and
// the price data prices without a deprecation flag, and the model table of docs/operations.md is the catalog's.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { modelTable, tableMarkers, tablePage, withCurrentTable } from "../../scripts/model-table.ts";
import { builtInCatalog } from "../../src/configuration/catalog.ts";
import { modelFacts } from "../../src/pricing/price-data.ts";
import { documentationPages } from "../support/documentation-pages.ts";

/** Each provider kind's AI SDK package; Ollama is local and has no model list. */
const sdkPackages: Record<string, string> = {
  openai: "@ai-sdk/openai",
  anthropic: "@ai-sdk/anthropic",
  google: "@ai-sdk/google",
  xai: "@ai-sdk/xai",
  cerebras: "@ai-sdk/cerebras",
  perplexity: "@ai-sdk/perplexity",
};

const require = createRequire(import.meta.url);

/** The model ids a provider package declares (its model id union types). */
function sdkModelIds(kind: string): string | undefined {
  const name = sdkPackages[kind];
  if (!name) return undefined;
  const packageJson = require.resolve(`${name}/package.json`);
  return readFileSync(join(dirname(packageJson), "dist", "index.d.ts"), "utf8");
}

describe("the built-in catalog", () => {
  for (const entry of builtInCatalog) {
    if (entry.provider === "ollama") continue;
    it(`${entry.name} (${entry.provider}/${entry.modelId}) is current`, () => {
      const facts = modelFacts(entry);
      assert.equal(facts.deprecated, false, `${entry.modelId} is deprecated in the price data`);
      assert.ok(facts.price, `${entry.modelId} has no price in the price data`);
      const declarations = sdkModelIds(entry.provider);
      // OpenRouter's package takes any id (its type is string): the price data's entry is the check.
      if (declarations !== undefined) {
        assert.ok(
          declarations.includes(`'${entry.modelId}'`),
          `${sdkPackages[entry.provider]} does not know ${entry.modelId}`,
        );
      }
    });
  }

  it("a deprecated model would fail the check above", () => {
    assert.equal(modelFacts({ provider: "cerebras", modelId: "llama-3.3-70b" }).deprecated, true);
    assert.equal(sdkModelIds("cerebras")?.includes("'llama-3.3-70b'"), false);
  });
});

describe("the documentation's model table", () => {
  it(`is in ${tablePage} alone, where \`npm run readme:models\` writes it`, () => {
    const holders = documentationPages().filter((page) => page.text.includes(tableMarkers.start));
    assert.deepEqual(
      holders.map((page) => page.path),
      [tablePage],
    );
  });

  it("is the one the catalog makes (run `npm run readme:models` after editing the catalog)", () => {
    const page = documentationPages().find((candidate) => candidate.path === tablePage)?.text ?? "";
    assert.equal(withCurrentTable(page), page);
    for (const entry of builtInCatalog) assert.ok(modelTable().includes(`\`${entry.name}\``));
  });
});
