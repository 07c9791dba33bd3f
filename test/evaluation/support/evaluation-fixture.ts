// The application over scripted models (scripted-models.ts) and an in-memory store, with a question
// file whose answers the scripts know: alpha is right on every question, beta on q1 and q3, gamma on
// none; any model asked for a synthesis writes the council's, right but on q2; delta and epsilon judge.

import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createApplication } from "../../../src/application/application.ts";
import type { ApplicationServices } from "../../../src/application/application-services.ts";
import { createAdmission } from "../../../src/application/limits/admission.ts";
import { defaultTiers } from "../../../src/configuration/access.ts";
import { defaultConsultation } from "../../../src/configuration/configuration.ts";
import type { ModelRoster } from "../../../src/providers/model-roster.ts";
import { openSqliteStore } from "../../../src/store/sqlite/open-sqlite-store.ts";
import { fakeEntries } from "../../support/consultation-fixture.ts";
import { temporaryDirectory } from "../../support/temporary-directory.ts";
import { type ScriptedCall, ScriptedModels } from "./scripted-models.ts";

/** The reference answers, and a wrong answer to each. */
export const truth: Record<string, string> = { q1: "4", q2: "Paris", q3: "A", q4: "B" };
const wrong: Record<string, string> = { q1: "5", q2: "Lyon", q3: "C", q4: "C" };

/** The question lines: two free answers, two multiple choice, and with `unreferenced` one without an answer. */
export function questionLines(unreferenced = false): object[] {
  return [
    { id: "q1", question: "[q1] What is 2 + 2?", answer: "4" },
    { id: "q2", question: "[q2] What is the capital of France?", answer: "Paris" },
    { id: "q3", question: "[q3] How many sides has a triangle?", choices: ["3", "4", "5"], answer: "A" },
    {
      id: "q4",
      question: "[q4] What colour is a clear daytime sky?",
      choices: ["red", "blue", "green"],
      answer: "B",
    },
    ...(unreferenced ? [{ id: "q5", question: "[q5] Why is the sky blue?" }] : []),
  ];
}

/** The council's synthesis: right but on q2, with a high agreement when right and a low one when not. */
function synthesis(call: ScriptedCall) {
  const question = call.question ?? "";
  return question === "q2"
    ? { text: `**Answer**: ${wrong.q2}\n\nAnswer: ${wrong.q2}`, agreement: 0.4 }
    : { text: `Answer: ${truth[question] ?? "because of Rayleigh scattering"}`, agreement: 0.9 };
}

/** A model right on the questions in `right`, wrong on the others; a synthesis when asked for one. */
function answering(right: readonly string[]) {
  return (call: ScriptedCall) => {
    if (call.kind === "synthesis") return synthesis(call);
    const question = call.question ?? "";
    if (!(question in truth)) return { text: `Answer: an answer of its own to ${question}` };
    return { text: `Answer: ${right.includes(question) ? truth[question] : wrong[question]}` };
  };
}

/** The application over the scripted models, and the question file. */
export function evaluationFixture(options: { unreferenced?: boolean } = {}) {
  const models = new ScriptedModels();
  models.script("alpha", answering(["q1", "q2", "q3", "q4"]));
  models.script("beta", answering(["q1", "q3"]));
  models.script("gamma", answering([]));
  models.script("delta", () => ({ text: "Response A is better.\n\nVerdict: A" }));
  models.script("epsilon", () => ({ text: "Verdict: tie" }));
  const store = openSqliteStore(":memory:");
  const roster: ModelRoster = {
    mode: "configured",
    statuses: fakeEntries.map((entry) => ({ entry, available: true })),
    available: fakeEntries,
  };
  const services: ApplicationServices = {
    store,
    roster,
    defaults: { ...defaultConsultation, maxRetries: 0 },
    createModel: models.factory,
    secrets: [],
    now: () => performance.now(),
    clock: () => new Date(),
    newId: () => randomUUID(),
  };
  const application = createApplication(services, {
    cursorKey: "test-cursor-key",
    admission: createAdmission(store, defaultTiers, () => new Date()),
  });
  const file = join(temporaryDirectory("evaluation"), "questions.jsonl");
  writeFileSync(
    file,
    `${questionLines(options.unreferenced)
      .map((line) => JSON.stringify(line))
      .join("\n")}\n`,
  );
  return { models, store, application, file };
}

/** How many answered calls there were of each model, kind and question: "alpha alone q1" → 1. */
export function callCounts(calls: readonly ScriptedCall[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const call of calls) {
    const key = `${call.model} ${call.kind} ${call.question}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
