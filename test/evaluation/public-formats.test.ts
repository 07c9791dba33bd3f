// Question sets people download themselves, read in their own shape: MMLU-Pro as JSON rows, GPQA and
// SimpleQA as CSV. The fixtures are tiny files written for these tests in each format's shape (no
// third-party data). The format is told from the file, or named; GPQA's choices are shuffled by a seed.

import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { loadQuestionSet, parseQuestionSet } from "../../src/evaluation/questions/load-question-set.ts";
import { QuestionSetError } from "../../src/evaluation/questions/question-set-error.ts";

const fixture = (name: string) => join(fileURLToPath(new URL("fixtures/", import.meta.url)), name);

describe("MMLU-Pro", () => {
  it("reads JSONL rows: the options as choices, answer_index as the letter, the category as a tag", async () => {
    const set = await loadQuestionSet(fixture("mmlu-pro.jsonl"));
    assert.equal(set.format, "mmlu-pro");
    assert.deepEqual(set.questions[0], {
      id: "mmlu-pro-101",
      question: "Which gas makes up most of the Earth's atmosphere?",
      choices: ["Oxygen", "Carbon dioxide", "Nitrogen", "Argon"],
      answer: "C",
      tags: ["chemistry"],
    });
    assert.deepEqual(set.questions[1]?.choices, ["124", "144", "132", "122"], "the N/A padding is left out");
    assert.deepEqual(
      set.questions.map((question) => question.answer),
      ["C", "B", "D"],
    );
  });

  it("reads the dataset viewer's rows and a plain JSON array alike", async () => {
    const rows = await loadQuestionSet(fixture("mmlu-pro-rows.json"));
    assert.deepEqual(
      rows.questions.map((question) => [question.id, question.answer, question.tags]),
      [
        ["mmlu-pro-201", "B", ["math"]],
        ["mmlu-pro-202", "C", ["physics"]],
      ],
    );
    const array = JSON.stringify([{ question_id: 1, question: "Q?", options: ["x", "y"], answer_index: 1 }]);
    assert.equal(parseQuestionSet(array, "array.json").questions[0]?.answer, "B");
  });

  it("refuses a row whose answer letter and answer_index disagree", () => {
    const row = JSON.stringify({ question: "Q?", options: ["x", "y", "z"], answer: "A", answer_index: 2 });
    assert.throws(() => parseQuestionSet(row, "bad.jsonl"), {
      message: /line 1: "answer" A and "answer_index" 2 disagree: correct one of them/,
    });
  });
});

describe("GPQA", () => {
  it("reads the CSV with quoted fields holding commas, quotes and line breaks, and the domains as tags", async () => {
    const set = await loadQuestionSet(fixture("gpqa.csv"));
    assert.equal(set.format, "gpqa");
    const [ball] = set.questions;
    assert.equal(ball?.id, "gpqa-recTestOne0001");
    assert.equal(
      ball?.question,
      "A ball is thrown straight up, and air resistance is ignored.\nWhat is its acceleration at the top of its flight?",
    );
    assert.deepEqual(ball?.tags, ["Physics", "Mechanics"]);
    assert.deepEqual([...(ball?.choices ?? [])].sort(), [
      "9.8 m/s² downwards",
      "9.8 m/s² upwards",
      "It depends on the ball's mass, which is not given",
      "Zero",
    ]);
  });

  it("records the letter where the shuffle put the correct answer, which is not always A", async () => {
    const set = await loadQuestionSet(fixture("gpqa.csv"));
    const correct = ["9.8 m/s² downwards", "Neon", "3x²", "Thymine"];
    set.questions.forEach((question, index) => {
      const letterIndex = (question.answer ?? "").charCodeAt(0) - 65;
      assert.equal(question.choices?.[letterIndex], correct[index], question.id);
    });
    assert.ok(
      set.questions.some((question) => question.answer !== "A"),
      set.questions.map((question) => question.answer).join(),
    );
  });

  it("shuffles the same way for the same seed, and another way for another seed", async () => {
    const layout = async (seed?: string) =>
      (await loadQuestionSet(fixture("gpqa.csv"), seed === undefined ? {} : { seed })).questions.map(
        (question) => question.choices?.join("|"),
      );
    assert.deepEqual(await layout(), await layout());
    assert.deepEqual(await layout("seven"), await layout("seven"));
    assert.notDeepEqual(await layout("seven"), await layout());
  });
});

describe("SimpleQA", () => {
  it("reads problem and answer, and the metadata's topic and answer type as tags", async () => {
    const set = await loadQuestionSet(fixture("simpleqa.csv"));
    assert.equal(set.format, "simpleqa");
    assert.deepEqual(
      set.questions.map((question) => [question.question, question.answer, question.tags]),
      [
        ["What is the chemical symbol of tungsten?", "W", ["Science and technology", "Other"]],
        ["What is the capital city of Australia?", "Canberra", ["Geography", "Place"]],
        ["In which year did people first walk on the Moon?", "1969", ["History", "Date"]],
      ],
    );
    assert.match(set.questions[0]?.id ?? "", /^q-[0-9a-f]{12}$/);
  });
});

describe("telling the format", () => {
  it("refuses a named format of the other layout, naming both", () => {
    assert.throws(() => parseQuestionSet('{"question": "Q?"}', "set.jsonl", { format: "gpqa" }), {
      message:
        "set.jsonl: the format gpqa is CSV, but the file is JSON: name the format the file is in, or none to have it told",
    });
  });

  it("reads a file as the named format even when it would be told otherwise", () => {
    const row = JSON.stringify({ question: "Q?", options: ["x", "y"], answer: "B" });
    assert.throws(() => parseQuestionSet(row, "set.jsonl", { format: "jsonl" }), {
      message: /unknown field "options"/,
    });
  });

  it("names the known headers for a CSV file of neither kind, and the missing columns of a named one", () => {
    assert.throws(() => parseQuestionSet("name,value\nx,1\n", "other.csv"), {
      message:
        'other.csv: a CSV file with the columns "name", "value" is not a known question set: GPQA needs "Question", "Correct Answer" and "Incorrect Answer 1" to 3, SimpleQA "problem" and "answer"; our own format is JSON, one {"question": "..."} a line',
    });
    assert.throws(() => parseQuestionSet("Question,Correct Answer,Incorrect Answer 1\nQ?,x,y\n", "g.csv"), {
      message:
        'g.csv: a gpqa CSV file needs the columns "Incorrect Answer 2", "Incorrect Answer 3" in its header line',
    });
  });

  it("names the line of a quoted field that is never closed, and the row of an empty correct answer", () => {
    assert.throws(() => parseQuestionSet('problem,answer\n"Q?,x\nmore\n', "s.csv"), {
      message: /^s\.csv: the quoted field opened on line 2 is never closed/,
    });
    const csv =
      "Question,Correct Answer,Incorrect Answer 1,Incorrect Answer 2,Incorrect Answer 3\r\nQ?,,a,b,c\r\n";
    assert.throws(
      () => parseQuestionSet(csv, "g.csv"),
      (error) => {
        assert.ok(error instanceof QuestionSetError);
        assert.deepEqual(error.problems, [
          { where: "line 2", message: '"Correct Answer" is empty: give the right answer\'s text' },
        ]);
        return true;
      },
    );
  });
});
