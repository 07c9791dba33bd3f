// The error of a question set that cannot be used: a file that cannot be read, a format that cannot be
// told, or lines that are not questions, each named by its line (or row) and what to write instead.

/** One line or row of a question set that is not a question. */
export interface LineProblem {
  /** Where it is: "line 12", or "row 3" for a JSON array, whose rows have no line of their own. */
  where: string;
  /** What is wrong and how to fix it. */
  message: string;
}

/** How many problems the message lists; the rest are counted. */
const listedProblems = 10;

/** A question set that cannot be used; the message names the file, each bad line and the fix. */
export class QuestionSetError extends Error {
  readonly problems: readonly LineProblem[];

  constructor(message: string, problems: readonly LineProblem[] = []) {
    super(message);
    this.name = "QuestionSetError";
    this.problems = problems;
  }

  /** The error for the lines of `source` that are not questions, listing the first few. */
  static forLines(source: string, problems: readonly LineProblem[]): QuestionSetError {
    const count = problems.length === 1 ? "1 line is" : `${problems.length} lines are`;
    const listed = problems
      .slice(0, listedProblems)
      .map((problem) => `  ${problem.where}: ${problem.message}`);
    const more = problems.length > listedProblems ? [`  and ${problems.length - listedProblems} more`] : [];
    return new QuestionSetError(
      [`${source}: ${count} not questions; fix or remove them:`, ...listed, ...more].join("\n"),
      problems,
    );
  }
}
