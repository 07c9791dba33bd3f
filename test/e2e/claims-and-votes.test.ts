// Claims with their backers and independent votes, end to end over MCP (the SDK v1 and v2 clients,
// HTTP) against the provider simulator: the synthesis model lists claims naming real and invented
// models, and the result carries `assessment.claims` (participants only, weak claims marked, sources
// read back) and `assessment.independentVotes`, valid against the seed schema, with the same in the
// text block the calling model reads. With no eval history the votes come from the families; after an
// `ai-universe eval` run in which two models err on the same questions, from that run, recomputed here.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { AnswerRequest } from "../simulator/behaviour.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { modelIds, secondOpinionOf } from "./support/e2e-fixture.ts";
import { runEval } from "./support/eval-run.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { type ClientKind, connectClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const truth: Record<string, string> = { q1: "4", q2: "Paris", q3: "9", q4: "Tokyo", q5: "12", q6: "7" };
/** Which questions each model gets wrong: claude and gemini together, grok on its own. */
const wrongOn: Record<string, string[]> = {
  [modelIds.claude]: ["q1", "q2"],
  [modelIds.gemini]: ["q1", "q2"],
  [modelIds.grok]: ["q3"],
};

/** The synthesis's claims: one held by two models with a source, one by grok alone and contradicted, one invented. */
const claims = [
  {
    claim: "SQLite in WAL mode handles one writer",
    models: ["**claude**", "Gemini"],
    contradictedBy: [],
    sources: [1],
  },
  { claim: "Replicas need PostgreSQL", models: ["grok", "gpt-9"], contradictedBy: ["claude"], sources: [] },
  { claim: "The chairman's own idea", models: ["the chairman"], contradictedBy: [], sources: [] },
];

/** `model`'s answers: eval questions by `wrongOn`, the consultation's question with a source, the synthesis with claims. */
const answers = (model: string) => (request: AnswerRequest) => {
  if (request.structured) {
    return JSON.stringify({
      synthesis: "**Answer**: SQLite now.",
      agreement: { score: 0.67, reason: "two of three favour SQLite" },
      consensus: [],
      dissent: [],
      verdict: null,
      positions: [],
      claims,
    });
  }
  const tag = /\[(q\d)\]/.exec(request.lastUserText)?.[1];
  if (!tag) return "SQLite is enough on one node.";
  return `Here is my answer.\n\nAnswer: ${wrongOn[model]?.includes(tag) ? "wrong" : truth[tag]}`;
};

describe("claims and independent votes over MCP", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let directory: string;
  let server: InProcessServer | undefined;
  const three = {
    question: "Should we use SQLite?",
    primaryModel: "claude",
    secondaryModels: ["gemini", "grok"],
  };

  before(async () => {
    simulator = await startProviderSimulator();
    for (const model of Object.keys(wrongOn)) simulator.setBehaviour(model, { text: answers(model) });
    ({ environment, directory } = await serverEnvironment(simulator.url, { maxRetries: 0 }));
  });
  after(async () => {
    await server?.stop();
    await simulator?.close();
  });

  /** One consultation of the three models with a client of `kind`: its result and its text block. */
  async function ask(kind: ClientKind) {
    server ??= await startHttpServerInProcess(environment);
    const client = await connectClient(kind, { transport: "http", url: server.url });
    try {
      const called = await client.callTool("agent.second_opinion", three);
      return {
        result: secondOpinionOf(called),
        text: called.content.map((block) => block.text ?? "").join("\n"),
      };
    } finally {
      await client.close();
    }
  }

  for (const kind of ["v1-2025-11-25", "v2-modern"] as const) {
    it(`carries the claims, participants only, and the votes from the families (${kind})`, async () => {
      const { result, text } = await ask(kind);
      const assessment = result.synthesis?.assessment;
      assert.ok(assessment, result.synthesis?.assessmentError);
      assert.deepEqual(
        assessment.claims?.map((claim) => [claim.claim, claim.backers, claim.contradictors, claim.marks]),
        [
          ["SQLite in WAL mode handles one writer", ["claude", "gemini"], [], []],
          ["Replicas need PostgreSQL", ["grok"], ["claude"], ["one model", "contradicted"]],
        ],
      );
      // Three families at the 0.4 prior: 9 / (3 + 2·3·0.4) = 9 / 5.4 ≈ 1.7.
      const votes = assessment.independentVotes;
      assert.deepEqual([votes?.value, votes?.models, votes?.source], [1.7, 3, "families"]);
      assert.match(text, /3 models ≈ 1\.7 independent votes \(from model families\)/);
      assert.match(text, /- Replicas need PostgreSQL \(grok; contradicted by claude\) \(one model\)/);
      assert.doesNotMatch(text, /gpt-9|chairman/);
    });
  }

  it("measures the votes from the user's own eval run", async () => {
    const file = join(directory, "questions.jsonl");
    writeFileSync(
      file,
      Object.entries(truth)
        .map(([id, answer]) => JSON.stringify({ id, question: `[${id}] Question ${id}?`, answer }))
        .join("\n"),
    );
    await runEval(environment, file);
    const { result, text } = await ask("v2-modern");
    const votes = result.synthesis?.assessment?.independentVotes;
    assert.ok(votes);
    // claude and gemini err on q1 and q2 together: phi 1. grok errs on q3 alone: against either,
    // phi = (0·3 − 2·1) / √(2·4·1·5) < 0, counted as 0. So 9 / (3 + 2·1) = 1.8.
    assert.deepEqual([votes.value, votes.source, votes.runs], [1.8, "eval", 1]);
    const pair = votes.pairs.find((candidate) => candidate.models.join() === "claude,gemini");
    assert.deepEqual([pair?.correlation, pair?.questions], [1, 6]);
    assert.match(text, /3 models ≈ 1\.8 independent votes \(from 1 eval run\)/);
  });
});
