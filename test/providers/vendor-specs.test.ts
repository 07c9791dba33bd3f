// One spec per vendor: every registered vendor has a complete spec (its package loads and builds a
// model, its price id is in the price data, its family is the one the council finds for its models),
// the registry covers every provider id the config file accepts and every built-in model's, and no file
// of src/ outside src/providers/ branches on a vendor with a switch or a comparison to its id.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { builtInCatalog, simulatedCatalog } from "../../src/configuration/catalog.ts";
import { configFileSchema } from "../../src/configuration/config-file.ts";
import { familyOf } from "../../src/consultation/council/model-families.ts";
import { pricePackage } from "../../src/pricing/price-package.ts";
import { attachmentKinds, type ModelEntry } from "../../src/providers/model-entry.ts";
import { loadProviderPackage } from "../../src/providers/provider-packages.ts";
import { vendorIds, vendorSpecs } from "../../src/providers/vendors.ts";

const repository = fileURLToPath(new URL("../..", import.meta.url));

const entryOf = (provider: string): ModelEntry =>
  ({
    name: "probe-model",
    provider,
    modelId: "unheard-of-model-7",
    displayName: "Probe",
    contextWindow: 8192,
    webSearch: false,
    baseURL: "http://127.0.0.1:9/v1",
  }) as ModelEntry;

describe("each vendor's spec", () => {
  for (const spec of vendorSpecs) {
    it(`${spec.id}: names itself, its variables and list, and builds a model of its package`, () => {
      assert.match(spec.id, /^[a-z][a-z0-9-]*$/);
      assert.ok(spec.displayName.length > 0);
      for (const variable of spec.environment.keyVariables) assert.match(variable, /^[A-Z][A-Z0-9_]*$/);
      if (spec.defaultBaseUrl) {
        // A vendor with a public endpoint is reached with a key, over HTTPS.
        assert.match(spec.defaultBaseUrl, /^https:\/\//);
        assert.ok(spec.environment.keyVariables.length > 0);
        assert.ok(spec.environment.baseUrlVariable);
      }
      if (spec.package) assert.ok(loadProviderPackage(spec.package));
      const context = { settings: { apiKey: "sk-test" }, environment: {}, fetch, load: loadProviderPackage };
      assert.equal(spec.createModel(entryOf(spec.id), context).modelId, "unheard-of-model-7");
      assert.equal(spec.callSettings({ search: false }).tools, undefined);
      const { url, headers } = { url: spec.modelList.listUrl({}), headers: spec.modelList.headers("k") };
      assert.match(url, /\/models$/);
      assert.equal(typeof headers, "object");
      for (const kind of spec.reads) assert.ok(attachmentKinds.includes(kind), `${spec.id} reads ${kind}`);
    });

    it(`${spec.id}: its price id is in the price data, its family is what the council finds`, () => {
      if (spec.priceProviderId) {
        assert.ok(pricePackage().findProvider({ providerId: spec.priceProviderId }), spec.priceProviderId);
      }
      const family = familyOf(entryOf(spec.id));
      assert.equal(family.known, spec.family !== undefined);
      if (spec.family) assert.equal(family.id, spec.family);
    });
  }

  it("has one spec per id, and a search tool for each vendor that searches when asked", () => {
    assert.equal(new Set(vendorIds).size, vendorSpecs.length);
    const searching = vendorSpecs.filter(
      (spec) => Object.keys(spec.callSettings({ search: true })).length > 0,
    );
    assert.deepEqual(
      searching.map((spec) => spec.id),
      ["openai", "anthropic", "google", "xai", "openrouter"],
    );
  });
});

describe("the registry", () => {
  it("covers every provider id the config file accepts, and only those", () => {
    const accepts = (provider: string) =>
      configFileSchema.safeParse({ models: { probe: { provider } } }).success;
    for (const id of vendorIds) assert.ok(accepts(id), id);
    assert.equal(accepts("mistral"), false);
  });

  it("covers every built-in model, each reading no file its vendor's API does not take", () => {
    for (const entry of [...builtInCatalog, ...simulatedCatalog]) {
      const spec = vendorSpecs.find((candidate) => candidate.id === entry.provider);
      assert.ok(spec, `${entry.name}: a spec for ${entry.provider}`);
      for (const kind of entry.reads ?? [])
        assert.ok(spec.reads.includes(kind), `${entry.name} reads ${kind}`);
    }
  });
});

const vendorName = /(?:^|\.)(?:provider|vendor|providerKind)$/i;

/** The names `file` gives a vendor: `{ provider: kind }` destructured, or `const kind = entry.provider`. */
function vendorAliases(file: ts.SourceFile): Set<string> {
  const aliases = new Set<string>();
  const visit = (node: ts.Node): void => {
    const named =
      (ts.isBindingElement(node) && node.propertyName && vendorName.test(node.propertyName.getText(file))) ||
      (ts.isVariableDeclaration(node) && node.initializer && vendorName.test(node.initializer.getText(file)));
    if (named && ts.isIdentifier(node.name)) aliases.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return aliases;
}

/** Where `source` (the text of `path`) branches on a vendor: a switch on one, or a comparison to an id. */
function vendorBranches(path: string, source: string): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const ids = new Set<string>(vendorIds);
  const aliases = vendorAliases(file);
  const namesVendor = (node: ts.Node) =>
    vendorName.test(node.getText(file)) || aliases.has(node.getText(file));
  const isId = (node: ts.Node) => ts.isStringLiteralLike(node) && ids.has(node.text);
  const found: string[] = [];
  const at = (node: ts.Node) => `${path}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isSwitchStatement(node)) {
      const cases = node.caseBlock.clauses.filter(
        (clause) => ts.isCaseClause(clause) && isId(clause.expression),
      );
      if (namesVendor(node.expression) || cases.length >= 2) found.push(`${at(node)} switch`);
    }
    if (ts.isBinaryExpression(node) && /^[!=]==?$/.test(node.operatorToken.getText(file))) {
      const [left, right] = [node.left, node.right];
      if ((namesVendor(left) && isId(right)) || (namesVendor(right) && isId(left)))
        found.push(`${at(node)} compare`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("branches on a vendor", () => {
  it("are found: a switch on a provider, a switch over vendor ids, a comparison to an id, under another name", () => {
    const source = [
      'switch (entry.provider) { case "x": break; }',
      'switch (name) { case "openai": case "google": break; }',
      'if (kind.provider === "ollama") {}',
      'if ("xai" !== provider) {}',
      'if (roster.mode === "simulated") {}',
      "const { provider: kind, probe } = check;",
      'if (kind !== "ollama") {}',
      "const which = entry.provider;",
      'if ("google" === which) {}',
      'const { provider: other = "x" } = entry, name = "n";',
      'if (other === "ollama" || name === "xai") {}',
    ].join("\n");
    assert.deepEqual(vendorBranches("probe.ts", source), [
      "probe.ts:1 switch",
      "probe.ts:2 switch",
      "probe.ts:3 compare",
      "probe.ts:4 compare",
      "probe.ts:7 compare",
      "probe.ts:9 compare",
      "probe.ts:11 compare",
    ]);
  });

  it("are in no file of src/ outside src/providers/: each is a lookup of the vendor's spec", () => {
    const source = join(repository, "src");
    const files = (readdirSync(source, { recursive: true }) as string[])
      .filter((path) => path.endsWith(".ts") && !path.startsWith("providers/"))
      .map((path) => join(source, path));
    const found = files.flatMap((path) =>
      vendorBranches(relative(repository, path), readFileSync(path, "utf8")),
    );
    assert.deepEqual(found, []);
  });
});
