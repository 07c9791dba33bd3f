// The built-in question set: 60 to 100 questions in five categories, every one with a reference answer
// the grader can check, ids unique, multiple-choice answers spread over the letters, and the output of
// every "what does this print" program, run for real, graded right against its reference.

import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { describe, it } from "node:test";
import { gradeAnswer } from "../../src/evaluation/grading/grade-answer.ts";
import {
  builtInQuestionLines,
  builtInQuestionSet,
} from "../../src/evaluation/questions/built-in/built-in.ts";
import { parseQuestionSet } from "../../src/evaluation/questions/load-question-set.ts";

const set = builtInQuestionSet();
const categories = ["arithmetic", "logic", "code", "dates-and-units", "misconceptions"];
const hasPython = spawnSync("python3", ["--version"]).status === 0;

describe("the built-in question set", () => {
  it("holds 60 to 100 questions, each with a reference answer and one of the five categories first", () => {
    assert.equal(set.source, "built-in");
    assert.ok(set.questions.length >= 60 && set.questions.length <= 100, `${set.questions.length} questions`);
    assert.deepEqual(set.notes, [], "no repeated question or id");
    for (const question of set.questions) {
      assert.ok(question.answer, `${question.id} has an answer`);
      assert.ok(categories.includes(question.tags[0] ?? ""), `${question.id} has a category`);
    }
    for (const category of categories) {
      const count = set.questions.filter((question) => question.tags[0] === category).length;
      assert.ok(count >= 10, `${category}: ${count} questions`);
    }
  });

  it("mixes free answers and multiple choice, whose answers are not all one letter", () => {
    const multipleChoice = set.questions.filter((question) => question.choices);
    assert.ok(multipleChoice.length >= 15 && set.questions.length - multipleChoice.length >= 40);
    const letters = new Set(multipleChoice.map((question) => question.answer));
    assert.deepEqual([...letters].sort(), ["A", "B", "C", "D"]);
  });

  it("grades each reference answer, stated as a model would, as right", () => {
    for (const question of set.questions) {
      const reply = `Let me work it out.\n\nAnswer: ${question.answer}`;
      assert.equal(gradeAnswer(question, reply)?.correct, true, question.id);
    }
  });

  it("reads back the same from its JSONL text", () => {
    const text = builtInQuestionLines();
    assert.equal(text.trim().split("\n").length, set.questions.length);
    assert.deepEqual(parseQuestionSet(text, "built-in.jsonl").questions, set.questions);
  });

  const programs = set.questions.flatMap((question) => {
    const [, language, code] = /```(javascript|python)\n([\s\S]*?)\n```/.exec(question.question) ?? [];
    return language && code ? [{ question, language, code }] : [];
  });

  it("has a program in every code question that is not multiple choice", () => {
    const code = set.questions.filter((question) => question.tags[0] === "code" && !question.choices);
    assert.equal(programs.length, code.length);
  });

  for (const { question, language, code } of programs) {
    it(`${question.id}: the program's real output is graded right`, {
      skip: language === "python" && !hasPython && "no python3",
    }, () => {
      const output =
        language === "javascript"
          ? execFileSync(process.execPath, ["--input-type=module", "--eval", code], { encoding: "utf8" })
          : execFileSync("python3", ["-c", code], { encoding: "utf8" });
      assert.deepEqual(gradeAnswer(question, output), {
        correct: true,
        given: output.trim(),
        method: "exact",
      });
    });
  }
});
