// The repository's copies of the seed schemas must stay identical to the contract in shared/seeds.

import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";

const seeds = new URL("../../../shared/seeds/", import.meta.url);
const copies = {
  "agent.second_opinion": new URL("../../schemas/agent-second-opinion.schema.json", import.meta.url),
  "conversation.get-history": new URL("../../schemas/conversation-get-history.schema.json", import.meta.url),
};

describe("seed schemas", () => {
  it("our copies equal the seeds shipped beside the repository", {
    skip: !existsSync(seeds) && "no shared/seeds here",
  }, () => {
    const seedSchemas = readdirSync(seeds).map((name) =>
      JSON.parse(readFileSync(new URL(name, seeds), "utf8")),
    );
    const bySecondOpinion = seedSchemas.find((schema) => schema.title === "Agent Second Opinion Response");
    const byHistory = seedSchemas.find((schema) => schema.title === "conversation.get-history result");
    assert.deepEqual(JSON.parse(readFileSync(copies["agent.second_opinion"], "utf8")), bySecondOpinion);
    assert.deepEqual(JSON.parse(readFileSync(copies["conversation.get-history"], "utf8")), byHistory);
  });
});
