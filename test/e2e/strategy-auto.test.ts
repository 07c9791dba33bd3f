// `strategy: "auto"` end to end: with no eval history it asks the panel's default and says so; after a
// real `ai-universe eval` run on the provider simulator in which the single model is right on arithmetic
// and wrong on logic, an arithmetic question is asked of that model alone and a logic question of the
// full council, each result naming its choice and the run it came from (over MCP with the SDK v1 and
// v2 clients, valid against the seed schema, and said in the text block).

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

/** The eval's questions: two arithmetic, two logic, tagged as the built-in set tags them. */
const questions = [
  { id: "a1", question: "[a1] What is 17 multiplied by 23?", answer: "391", tags: ["arithmetic"] },
  { id: "a2", question: "[a2] What is 144 divided by 12?", answer: "12", tags: ["arithmetic"] },
  {
    id: "l1",
    question: "[l1] If all cats are animals and Tom is a cat, is Tom an animal?",
    answer: "yes",
    tags: ["logic"],
  },
  { id: "l2", question: "[l2] If no birds are fish, can a fish be a bird?", answer: "no", tags: ["logic"] },
];
const truth = Object.fromEntries(questions.map((question) => [question.id, question.answer]));

/** `model`'s answers: claude is wrong on logic; every synthesis states the truth. */
const answers = (model: string) => (request: AnswerRequest) => {
  const tag = /\[([al]\d)\]/.exec(`${request.lastUserText}\n${request.system}`)?.[1];
  const right = tag ? truth[tag] : undefined;
  if (request.structured) {
    return JSON.stringify({
      synthesis: right ? `Answer: ${right}` : "Asked as chosen.",
      agreement: { score: 0.9, reason: "they agree" },
      consensus: [],
      dissent: [],
      verdict: null,
      positions: [],
      claims: [],
    });
  }
  if (!tag) return "Answered.";
  const wrong = model === modelIds.claude && tag.startsWith("l");
  return `Here is my answer.\n\nAnswer: ${wrong ? "maybe" : right}`;
};

describe("strategy auto over MCP", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let directory: string;
  let server: InProcessServer | undefined;

  before(async () => {
    simulator = await startProviderSimulator();
    for (const model of [modelIds.claude, modelIds.gemini, modelIds.grok])
      simulator.setBehaviour(model, { text: answers(model) });
    ({ environment, directory } = await serverEnvironment(simulator.url, { maxRetries: 0 }));
  });
  after(async () => {
    await server?.stop();
    await simulator?.close();
  });

  /** `question` asked with strategy auto of the three models by a client of `kind`. */
  async function ask(kind: ClientKind, question: string) {
    server ??= await startHttpServerInProcess(environment);
    const client = await connectClient(kind, { transport: "http", url: server.url });
    try {
      const called = await client.callTool("agent.second_opinion", {
        question,
        primaryModel: "claude",
        secondaryModels: ["gemini", "grok"],
        strategy: "auto",
      });
      return {
        result: secondOpinionOf(called),
        text: called.content.map((block) => block.text ?? "").join("\n"),
      };
    } finally {
      await client.close();
    }
  }

  it("uses the panel's default and says so with no eval history", async () => {
    const { result, text } = await ask("v1-2025-11-25", "What is 25 multiplied by 4?");
    assert.equal(result.strategyChoice?.chosen, "panel-default");
    assert.deepEqual(result.strategyChoice?.evidence, []);
    assert.equal(result.secondaryOpinions.length, 2);
    assert.match(
      text,
      /Strategy auto: panel-default: no eval history to choose from, so the panel's default\./,
    );
  });

  it("chooses per category from the user's eval run", async () => {
    const file = join(directory, "questions.jsonl");
    writeFileSync(file, questions.map((question) => JSON.stringify(question)).join("\n"));
    const runId = (await runEval(environment, file)).run.id;

    for (const kind of ["v1-2025-11-25", "v2-modern"] as const) {
      const arithmetic = await ask(kind, "What is 25 multiplied by 4?");
      const chosen = arithmetic.result.strategyChoice;
      assert.deepEqual(
        [chosen?.chosen, chosen?.model, chosen?.category],
        ["best-single", "claude", "arithmetic"],
      );
      assert.deepEqual(
        chosen?.evidence.map((line) => [line.run, line.strategy, line.answers, line.accuracy]),
        [
          [runId, "best-single", 2, 1],
          [runId, "council", 2, 1],
        ],
      );
      // Asked of that one model alone: no secondary opinions, no synthesis.
      assert.equal(arithmetic.result.primary.model, "claude");
      assert.equal(arithmetic.result.secondaryOpinions.length, 0);
      assert.match(
        arithmetic.text,
        /Strategy auto: one model \(claude\) from 1 eval run: most accurate per dollar on arithmetic questions/,
      );

      const logic = await ask(kind, "If all dogs are animals and Rex is a dog, is Rex an animal?");
      const council = logic.result.strategyChoice;
      assert.deepEqual([council?.chosen, council?.category], ["council", "logic"]);
      assert.deepEqual(
        council?.evidence.map((line) => [line.strategy, line.accuracy]),
        [
          ["best-single", 0],
          ["council", 1],
        ],
      );
      assert.equal(logic.result.secondaryOpinions.length, 2);
      assert.match(
        logic.text,
        /Strategy auto: council from 1 eval run: most accurate per dollar on logic questions: 100% right/,
      );
    }
  });
});
