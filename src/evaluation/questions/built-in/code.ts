// Built-in questions: what a short JavaScript or Python program prints, with the output as the answer (a
// test runs every JavaScript program here, and every Python one where Python 3 is installed, and grades
// the real output against the reference), and two multiple-choice questions about language rules.

import type { QuestionLine } from "../question.ts";

/** The question "what does this program print?" about `code`, with how to write the answer. */
export function printedOutputQuestion(
  language: "JavaScript" | "Python",
  code: string[],
  form: string,
): string {
  const fence = language.toLowerCase();
  return `What does this ${language} program print?\n\n\`\`\`${fence}\n${code.join("\n")}\n\`\`\`\n\n${form}`;
}

const javascript = (code: string[], form = "Answer with exactly what it prints.") =>
  printedOutputQuestion("JavaScript", code, form);
const python = (code: string[], form = "Answer with exactly what it prints.") =>
  printedOutputQuestion("Python", code, form);
const jsTags = ["code", "javascript"];
const pyTags = ["code", "python"];

export const codeQuestions: QuestionLine[] = [
  {
    id: "code-js-float-sum",
    question: javascript(["console.log(0.1 + 0.2 === 0.3);"]),
    answer: "false",
    tags: jsTags,
  },
  {
    id: "code-js-default-sort",
    question: javascript(['console.log([10, 9, 1].sort().join(","));']),
    answer: "1,10,9",
    tags: jsTags,
  },
  {
    id: "code-js-typeof-null",
    question: javascript(["console.log(typeof null);"]),
    answer: "object",
    tags: jsTags,
  },
  {
    id: "code-js-string-plus",
    question: javascript(['console.log("5" + 3 - 3);']),
    answer: "50",
    tags: jsTags,
  },
  {
    id: "code-js-map-parse-int",
    question: javascript(['console.log([1, 2, 3].map(parseInt).join(" "));']),
    answer: "1 NaN NaN",
    tags: jsTags,
  },
  {
    id: "code-js-empty-max",
    question: javascript(["console.log(Math.max());"]),
    answer: "-Infinity",
    tags: jsTags,
  },
  {
    id: "code-js-var-closures",
    question: javascript([
      "const readers = [];",
      "for (var i = 0; i < 3; i++) readers.push(() => i);",
      'console.log(readers.map((read) => read()).join(" "));',
    ]),
    answer: "3 3 3",
    tags: jsTags,
  },
  {
    id: "code-js-set-size",
    question: javascript(['console.log(new Set([1, "1", 1, 2]).size);']),
    answer: "3",
    tags: jsTags,
  },
  {
    id: "code-js-nullish",
    question: javascript(['console.log(null ?? "x", 0 || "y", 0 ?? "z");']),
    answer: "x y 0",
    tags: jsTags,
  },
  {
    id: "code-js-chained-comparison",
    question: javascript(["console.log(1 < 2 < 3, 3 > 2 > 1);"]),
    answer: "true false",
    tags: jsTags,
  },
  {
    // NaN === NaN is false, null === undefined is false, {} === {} compares two objects: false; [] == false
    // turns both sides into 0: true.
    id: "code-js-which-true",
    question: "Which of these JavaScript expressions evaluates to true?",
    choices: ["NaN === NaN", "null === undefined", "[] == false", "({}) === ({})"],
    answer: "C",
    tags: jsTags,
  },
  {
    id: "code-py-round-half",
    question: python(["print(round(2.5), round(3.5))"]),
    answer: "2 4",
    tags: pyTags,
  },
  { id: "code-py-floor-division", question: python(["print(7 // -2)"]), answer: "-4", tags: pyTags },
  { id: "code-py-negative-modulo", question: python(["print(-7 % 3)"]), answer: "2", tags: pyTags },
  {
    id: "code-py-mutable-default",
    question: python([
      "def add(item, items=[]):",
      "    items.append(item)",
      "    return len(items)",
      "",
      'add("x")',
      'add("y")',
      'print(add("z"))',
    ]),
    answer: "3",
    tags: pyTags,
  },
  {
    id: "code-py-sort-as-text",
    question: python(["print(sorted([10, 9, 100], key=str))"]),
    answer: "[10, 100, 9]",
    tags: pyTags,
  },
  {
    id: "code-py-set-of-letters",
    question: python(['print(len(set("mississippi")))']),
    answer: "4",
    tags: pyTags,
  },
  { id: "code-py-truthy-string", question: python(['print(bool("False"))']), answer: "True", tags: pyTags },
  {
    id: "code-py-shared-rows",
    question: python(["grid = [[0] * 2] * 2", "grid[0][0] = 1", "print(grid)"]),
    answer: "[[1, 0], [1, 0]]",
    tags: pyTags,
  },
  { id: "code-py-power-order", question: python(["print(2 ** 3 ** 2)"]), answer: "512", tags: pyTags },
  {
    id: "code-py-utf8-length",
    question: python(['print(len("héllo".encode("utf-8")))']),
    answer: "6",
    tags: pyTags,
  },
  {
    id: "code-py-bool-key",
    question: python(['print({1: "x", True: "y"})']),
    answer: "{1: 'y'}",
    tags: pyTags,
  },
  {
    id: "code-py-empty-any-all",
    question: python(["print(any([]), all([]))"]),
    answer: "False True",
    tags: pyTags,
  },
  {
    // int() accepts surrounding whitespace and underscores between digits (Python 3.6 and later), but not a
    // decimal point.
    id: "code-py-which-raises",
    question: "Which of these Python expressions raises an exception?",
    choices: ["int('42')", "int(' 42 ')", "int('4_2')", "int('4.2')"],
    answer: "D",
    tags: pyTags,
  },
];
