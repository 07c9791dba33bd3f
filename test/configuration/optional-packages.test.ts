// The optional packages (PostgreSQL, Redis, OpenTelemetry): the ones the code names are package.json's
// optional peer dependencies, none is installed with the package, and a feature whose package is missing
// stops with the line that names it, while any other failure of loading passes through as it is.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { ConfigurationError } from "../../src/configuration/configuration-error.ts";
import {
  loadOptionalFeature,
  missingPackageMessage,
  optionalPackages,
} from "../../src/configuration/optional-packages.ts";

const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));

describe("optional packages", () => {
  it("are package.json's optional peer dependencies, kept as devDependencies and out of dependencies", () => {
    const names = Object.values(optionalPackages).flat().sort();
    assert.deepEqual(Object.keys(manifest.peerDependencies).sort(), names);
    for (const name of names) {
      assert.deepEqual(manifest.peerDependenciesMeta[name], { optional: true }, name);
      assert.equal(manifest.devDependencies[name], manifest.peerDependencies[name], name);
      assert.ok(!(name in (manifest.dependencies ?? {})), name);
    }
  });

  it("stop a feature whose package is missing with the line that names it and how to install it", async () => {
    const missing = Object.assign(
      new Error("Cannot find package 'redis' imported from /x/request-counters.js"),
      {
        code: "ERR_MODULE_NOT_FOUND",
      },
    );
    const failed = await loadOptionalFeature("Counters in Redis", ["redis"], () =>
      Promise.reject(missing),
    ).catch((error: unknown) => error);
    assert.ok(failed instanceof ConfigurationError);
    assert.equal(failed.message, missingPackageMessage("Counters in Redis", ["redis"]));
    assert.match(failed.message, /"npm install redis"/);
    assert.match(failed.message, /npx -y -p ai-universe -p redis ai-universe/);
  });

  it("pass any other failure through, and the module when it loads", async () => {
    const other = Object.assign(new Error("Cannot find package 'zod'"), { code: "ERR_MODULE_NOT_FOUND" });
    const failed = await loadOptionalFeature("Tracing", ["@opentelemetry/api"], () =>
      Promise.reject(other),
    ).catch((error: unknown) => error);
    assert.equal(failed, other);
    assert.equal(await loadOptionalFeature("Tracing", ["@opentelemetry/api"], async () => 42), 42);
  });
});
