// server.json, the server as the MCP registry lists it: valid against the registry's schema (the copy in
// schemas/registry/), and saying what package.json and the code say: the name (package.json's mcpName),
// the npm package and its version, the commands, and the variables, with every provider key the code
// reads marked secret and no variable the code does not read.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { providerEnvironments } from "../../src/providers/provider-environment.ts";

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const root = fileURLToPath(new URL("../../", import.meta.url));
const read = (path: string) => JSON.parse(readFileSync(join(root, path), "utf8"));
const server = read("server.json");
const schema = read("schemas/registry/server.schema.json");
const manifest = read("package.json");

interface Variable {
  name: string;
  isSecret?: boolean;
  description?: string;
}
interface Package {
  registryType: string;
  identifier: string;
  version: string;
  transport: { type: string; url?: string };
  packageArguments?: { type: string; value?: string; name?: string }[];
  environmentVariables?: Variable[];
}
const packages = server.packages as Package[];

/** Every source file's text, to find the variables the code reads. */
function sourceText(): string {
  const directory = join(root, "src");
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".ts"))
    .map((path) => readFileSync(join(directory, path), "utf8"))
    .join("\n");
}

describe("server.json", () => {
  it("is valid against the MCP registry's schema it names", () => {
    assert.equal(server.$schema, schema.$id);
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    assert.ok(validate(server), JSON.stringify(validate.errors, null, 2));
  });

  it("is refused by that schema when it breaks a rule the registry enforces", () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    assert.equal(validate({ ...server, description: "x".repeat(101) }), false);
    assert.equal(validate({ ...server, name: "ai-universe" }), false);
  });

  it("names the npm package and version of package.json, under its mcpName", () => {
    assert.equal(server.name, manifest.mcpName);
    assert.equal(server.version, manifest.version);
    assert.ok(packages.length > 0);
    for (const entry of packages) {
      assert.equal(entry.registryType, "npm");
      assert.equal(entry.identifier, manifest.name);
      assert.equal(entry.version, manifest.version);
    }
  });

  it("starts the package over stdio with mcp, and over Streamable HTTP with serve --port", () => {
    const stdio = packages.find((entry) => entry.transport.type === "stdio");
    assert.deepEqual(stdio?.packageArguments, [{ type: "positional", value: "mcp" }]);
    const http = packages.find((entry) => entry.transport.type === "streamable-http");
    assert.equal(http?.packageArguments?.[0]?.value, "serve");
    assert.equal(http?.packageArguments?.[1]?.name, "--port");
    assert.equal(http?.transport.url, "http://127.0.0.1:{port}/mcp");
  });

  it("offers every provider key the code reads, each marked secret, and only variables the code reads", () => {
    const keys = Object.values(providerEnvironments).flatMap((provider) => provider.keyVariables);
    const code = sourceText();
    for (const entry of packages) {
      const variables = entry.environmentVariables ?? [];
      const offered = variables.map((variable) => variable.name);
      for (const key of keys) {
        // Google's key is read under two names; one of them is enough.
        const alternatives = keys.filter((other) =>
          Object.values(providerEnvironments).some(
            (provider) => provider.keyVariables.includes(key) && provider.keyVariables.includes(other),
          ),
        );
        assert.ok(
          alternatives.some((name) => offered.includes(name)),
          `${entry.transport.type}: ${key} offered`,
        );
      }
      for (const variable of variables) {
        assert.ok(variable.description, `${variable.name} has a description`);
        assert.equal(
          variable.isSecret === true,
          keys.includes(variable.name) || variable.name === "DATABASE_URL",
        );
        assert.ok(code.includes(variable.name), `the code reads ${variable.name}`);
      }
    }
  });
});
