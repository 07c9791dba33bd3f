// Our question set format: a JSONL line per question, checked by one schema. A good file loads with ids
// derived where absent and multiple-choice answers as letters; a bad one fails naming every bad line, what
// is wrong with it and what to write; repeated ids are made unique.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { loadQuestionSet, parseQuestionSet } from "../../src/evaluation/questions/load-question-set.ts";
import { derivedId } from "../../src/evaluation/questions/question.ts";
import { questionPrompt } from "../../src/evaluation/questions/question-prompt.ts";
import { QuestionSetError } from "../../src/evaluation/questions/question-set-error.ts";
import { questionFileBytes } from "../../src/evaluation/questions/read-question-file.ts";

const lines = (...values: unknown[]) => values.map((value) => JSON.stringify(value)).join("\n");

/** The error `text` fails with, as a QuestionSetError. */
function failure(text: string): QuestionSetError {
  try {
    parseQuestionSet(text, "set.jsonl");
  } catch (error) {
    assert.ok(error instanceof QuestionSetError, String(error));
    return error;
  }
  assert.fail("the question set loaded");
}

describe("the question set format", () => {
  it("reads each line's fields, deriving missing ids and turning a choice's text into its letter", () => {
    const set = parseQuestionSet(
      lines(
        { id: "capital", question: "Capital of France?", answer: "Paris", tags: ["geography"] },
        { question: "Which is a prime?", choices: ["4", "6", "7"], answer: "7" },
        { question: "Pick the vowel", choices: ["b", "e"], answer: "(b)" },
        { question: "Summarise the plot of Hamlet." },
        { id: 7, question: "How many days in a week?", answer: 7 },
      ),
      "set.jsonl",
    );
    assert.equal(set.format, "jsonl");
    assert.deepEqual(set.notes, []);
    const [capital, prime, vowel, open, week] = set.questions;
    assert.deepEqual(capital, {
      id: "capital",
      question: "Capital of France?",
      answer: "Paris",
      tags: ["geography"],
    });
    assert.equal(prime?.answer, "C");
    assert.equal(prime?.id, derivedId("Which is a prime?", ["4", "6", "7"]));
    assert.match(prime?.id ?? "", /^q-[0-9a-f]{12}$/);
    assert.equal(vowel?.answer, "B", "a lone letter is read as a letter, before any choice's text");
    assert.deepEqual(open, {
      id: derivedId("Summarise the plot of Hamlet."),
      question: "Summarise the plot of Hamlet.",
      tags: [],
    });
    assert.deepEqual([week?.id, week?.answer], ["7", "7"]);
  });

  it("derives the same id for the same question wherever it stands in the file", () => {
    const one = parseQuestionSet(lines({ question: "A?" }, { question: "B?" }), "one.jsonl");
    const other = parseQuestionSet(lines({ question: "B?" }, { question: "A?" }), "other.jsonl");
    assert.equal(one.questions[0]?.id, other.questions[1]?.id);
    assert.notEqual(one.questions[0]?.id, one.questions[1]?.id);
  });

  it("skips blank lines and reads a JSON array of the same objects", () => {
    assert.equal(
      parseQuestionSet(`\n${lines({ question: "A?" })}\n\n${lines({ question: "B?" })}\n`, "s").questions
        .length,
      2,
    );
    assert.equal(
      parseQuestionSet(JSON.stringify([{ question: "A?" }, { question: "B?" }]), "s").questions.length,
      2,
    );
  });

  it("names every bad line, what is wrong and the fix, and loads nothing", () => {
    const error = failure(
      [
        lines({ question: "Fine?" }),
        "{not json",
        lines({ answer: "4" }),
        lines({ question: "Typo?", anwser: "x" }),
        lines({ question: "Which?", choices: ["a", "b"], answer: "E" }),
        lines({ question: "Only one?", choices: ["a"] }),
        lines({ question: "   " }),
        lines({ question: "Tags?", tags: "maths" }),
        "[1, 2]",
      ].join("\n"),
    );
    assert.deepEqual(
      error.problems.map((problem) => problem.where),
      ["line 2", "line 3", "line 4", "line 5", "line 6", "line 7", "line 8", "line 9"],
    );
    const message = (line: number) =>
      error.problems.find((problem) => problem.where === `line ${line}`)?.message;
    assert.match(message(2) ?? "", /^not JSON .*: write each question as one JSON object on one line$/);
    assert.equal(message(3), '"question" is missing: give the question\'s text as "question"');
    assert.match(
      message(4) ?? "",
      /^unknown field "anwser": a question line has only id, question, choices, answer, tags, note$/,
    );
    assert.equal(
      message(5),
      '"answer" "E" is not one of the choices: give a letter from A to B, or a choice\'s exact text',
    );
    assert.match(message(6) ?? "", /"choices" needs 2 to 26 entries/);
    assert.match(message(7) ?? "", /"question" is empty/);
    assert.match(message(8) ?? "", /"tags" must be an array of strings/);
    assert.match(message(9) ?? "", /not a JSON object/);
    assert.match(
      error.message,
      /^set\.jsonl: 8 lines are not questions; fix or remove them:\n {2}line 2: not JSON/,
    );
  });

  it("lists the first ten problems and counts the rest", () => {
    const error = failure(Array.from({ length: 13 }, () => "{}").join("\n"));
    assert.equal(error.problems.length, 13);
    assert.match(error.message, /line 10: .*\n {2}and 3 more$/);
    assert.doesNotMatch(error.message, /line 11/);
  });

  it("keeps a repeated question once and renames a different question under a taken id", () => {
    const set = parseQuestionSet(
      lines(
        { id: "q", question: "A?", answer: "1" },
        { id: "q", question: "A?", answer: "1" },
        { id: "q", question: "B?" },
        { id: "q-2", question: "C?" },
        { question: "D?" },
        { question: "D?" },
      ),
      "set.jsonl",
    );
    assert.deepEqual(
      set.questions.map((question) => [question.id, question.question]),
      [
        ["q", "A?"],
        ["q-2", "B?"],
        ["q-2-2", "C?"],
        [derivedId("D?"), "D?"],
      ],
    );
    assert.deepEqual(set.notes, [
      'line 2 repeats line 1 (id "q"): left out',
      'line 3: id "q" is taken by line 1: renamed "q-2"',
      'line 4: id "q-2" is taken by line 3: renamed "q-2-2"',
      `line 6 repeats line 5 (id "${derivedId("D?")}"): left out`,
    ]);
  });

  it("says so for an empty file, a missing file and a folder", async () => {
    assert.match(failure("\n\n").message, /^set\.jsonl: no questions in the file/);
    const folder = mkdtempSync(join(tmpdir(), "question-set-"));
    await assert.rejects(loadQuestionSet(join(folder, "absent.jsonl")), {
      name: "QuestionSetError",
      message: `${join(folder, "absent.jsonl")}: cannot read the question set (no such file): give the path of a question file`,
    });
    await assert.rejects(loadQuestionSet(folder), { message: /\(a folder, not a regular file\)/ });
    writeFileSync(join(folder, "set.jsonl"), lines({ question: "A?", answer: "a" }));
    assert.equal((await loadQuestionSet(join(folder, "set.jsonl"))).questions[0]?.answer, "a");
  });
});

describe("a question file that is not one", () => {
  const folder = mkdtempSync(join(tmpdir(), "question-file-"));
  const refused = (path: string, message: RegExp) =>
    assert.rejects(loadQuestionSet(path), (error: Error) => {
      assert.equal(error.name, "QuestionSetError");
      assert.match(error.message, message);
      return true;
    });

  it("refuses a device, a FIFO and a folder from their kind, before reading a byte", async () => {
    // /dev/zero never ends: read, it filled memory until the string was too long.
    await refused(
      "/dev/zero",
      /^\/dev\/zero: cannot read the question set \(a character device, not a regular file\)/,
    );
    // Opening a FIFO to read waits for a writer: this would hang if the file were opened without O_NONBLOCK.
    const fifo = join(folder, "pipe");
    assert.equal(spawnSync("mkfifo", [fifo]).status, 0, "mkfifo failed");
    await refused(fifo, /cannot read the question set \(a FIFO \(named pipe\), not a regular file\)/);
    await refused(folder, /cannot read the question set \(a folder, not a regular file\)/);
  });

  it("refuses a file over the limit from its size, naming the limit", async () => {
    const large = join(folder, "large.jsonl");
    writeFileSync(large, lines({ question: "A?", answer: "a" }));
    truncateSync(large, questionFileBytes + 1);
    await refused(
      large,
      /large\.jsonl: the question file is 64\.0 MiB \(67,108,865 bytes\); it may be at most 64 MiB: use --limit/,
    );
    truncateSync(large, 0);
    writeFileSync(large, lines({ question: "A?", answer: "a" }));
    assert.equal((await loadQuestionSet(large)).questions.length, 1);
  });

  it("names the line of malformed JSON", async () => {
    const broken = join(folder, "broken.jsonl");
    writeFileSync(broken, '{"question": "A?", "answer": "a"}\n{"question": "B?", "answer": \n');
    await refused(broken, /broken\.jsonl: 1 line is not questions[\s\S]*line 2: not JSON/);
  });
});

describe("a question's prompt", () => {
  it("letters the choices one a line and asks for the letter on a last Answer line", () => {
    const prompt = questionPrompt({
      id: "x",
      question: "Which?",
      choices: ["Red", "Blue"],
      answer: "A",
      tags: [],
    });
    assert.equal(
      prompt,
      'Which?\n\nA) Red\nB) Blue\n\nEnd your reply with a last line "Answer: <letter>", giving only the letter of your choice there.',
    );
    assert.match(
      questionPrompt({ id: "y", question: "How many?", tags: [] }),
      /^How many\?\n\nEnd your reply with a last line "Answer: <your answer>"/,
    );
  });
});
