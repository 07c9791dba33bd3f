// The repository's copies of the seed schemas must stay identical to the contract in shared/seeds:
// every seed there has its copy in schemas/, equal to it.

import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";

const seeds = new URL("../../../shared/seeds/", import.meta.url);
const copies = {
  "agent.second_opinion": new URL("../../schemas/agent-second-opinion.schema.json", import.meta.url),
  "conversation.get-history": new URL("../../schemas/conversation-get-history.schema.json", import.meta.url),
};

describe("seed schemas", () => {
  it("every seed shipped beside the repository equals our copy of it", {
    skip: !existsSync(seeds) && "no shared/seeds here",
  }, () => {
    const ours = Object.values(copies).map((copy) => JSON.parse(readFileSync(copy, "utf8")));
    const seedSchemas = readdirSync(seeds).map((name) =>
      JSON.parse(readFileSync(new URL(name, seeds), "utf8")),
    );
    assert.ok(seedSchemas.length > 0, "shared/seeds holds no schema");
    for (const seed of seedSchemas) {
      const copy = ours.find((schema) => schema.title === seed.title);
      assert.ok(copy, `no copy of the seed "${seed.title}" in schemas/`);
      assert.deepEqual(copy, seed, `schemas/ differs from the seed "${seed.title}"`);
    }
  });
});
