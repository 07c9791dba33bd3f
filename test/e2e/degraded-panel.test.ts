// A partly failed panel end to end over MCP (both SDK revisions): one model fails at the provider
// simulator, and the result says so first (`assessment.degraded`, and the text block's first line), the
// verdict is withheld as unsure (the failed model's whole family is missing), the synthesis model was
// told who failed, and a vote for a model that never took part is dropped and counted.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { councilScript, councilVerdict } from "./support/council-script.ts";
import { modelIds, secondOpinionOf, useEndToEnd } from "./support/e2e-fixture.ts";
import { connectClient } from "./support/mcp-clients.ts";

const verdict = {
  ...councilVerdict,
  verdict: {
    decision: "go",
    reason: "the change is safe",
    votes: [
      { model: "**Claude**", vote: "go" },
      { model: "gemini", vote: "go" },
      { model: "gpt-9", vote: "go" },
    ],
  },
};

describe("a panel with a failed model, over MCP", () => {
  const context = useEndToEnd({ maxRetries: 0 });
  for (const kind of ["v2-modern", "v1-2025-11-25"] as const) {
    it(`says who is missing first and withholds the verdict (${kind})`, async () => {
      const { simulator, server } = context;
      simulator.reset();
      simulator.setBehaviour(modelIds.claude, { text: councilScript({ assessment: verdict }) });
      simulator.setBehaviour(modelIds.grok, { status: 500, errorMessage: "grok is down" });
      const client = await connectClient(kind, { transport: "http", url: server.url });
      try {
        const answer = await client.callTool("agent.second_opinion", {
          question: "Can this change merge?",
          primaryModel: "claude",
          secondaryModels: ["gemini", "grok"],
          synthesisModel: "claude",
        });
        const assessment = secondOpinionOf(answer).synthesis?.assessment;
        assert.deepEqual(assessment?.degraded?.missing, [{ model: "grok", why: "failed", errorStatus: 500 }]);
        assert.deepEqual(assessment?.degraded?.lostFamilies, ["xAI Grok"]);
        assert.equal(assessment?.verdict?.decision, "unsure");
        assert.equal(assessment?.verdict?.degradedFrom, "go");
        assert.deepEqual(
          assessment?.verdict?.votes.map((vote) => vote.model),
          ["claude", "gemini"],
        );
        assert.ok((assessment?.droppedNames ?? 0) >= 1, "gpt-9 was never asked");
        const text = answer.content[0]?.text ?? "";
        assert.match(text, /^\*\*Degraded:\*\* 1 of 3 models missing: grok failed \(HTTP 500\)/);
        assert.match(text, /\*\*Verdict: UNSURE\*\*.*the models that answered said GO/);
        const synthesisRequest = simulator.requests
          .filter((request) => request.model === modelIds.claude)
          .at(-1);
        assert.match(JSON.stringify(synthesisRequest?.body), /Not heard from[\s\S]*grok failed \(HTTP 500\)/);
      } finally {
        await client.close();
      }
    });
  }
});
