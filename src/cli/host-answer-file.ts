// `ask --host-answer FILE`: your own answer to the question, read from a file, to join the council as
// one more opinion (hostAnswer). A path that is missing, not a regular file, empty or longer than a
// question may be is refused in one line naming the fix, before any model is called.

import { readFileSync, statSync } from "node:fs";
import { fileKindOf } from "../contract/file-kind.ts";
import { limits } from "../contract/limits.ts";
import { CommandLineError } from "./command-error.ts";

/** The answer in the file at `path`, as the hostAnswer input; undefined without a path. */
export function readHostAnswer(path: string | undefined): { text: string } | undefined {
  if (path === undefined) return undefined;
  let text: string;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) {
      throw refuse(
        `--host-answer ${path} is ${fileKindOf(stats)}, not a regular file. Give the file holding your answer.`,
      );
    }
    // A UTF-8 character takes at most 4 bytes: a file larger than that cannot fit, so it is not read.
    if (stats.size > limits.questionCharacters * 4) throw tooLong(path);
    text = readFileSync(path, "utf8").trim();
  } catch (error) {
    if (error instanceof CommandLineError) throw error;
    throw refuse(
      `Cannot read --host-answer ${path}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}. Give the file holding your answer.`,
    );
  }
  if (text.length === 0) {
    throw refuse(
      `--host-answer ${path} is empty. Write your answer in it first, or leave --host-answer out.`,
    );
  }
  if (text.length > limits.questionCharacters) throw tooLong(path);
  return { text };
}

function tooLong(path: string): CommandLineError {
  return refuse(
    `--host-answer ${path} is longer than ${limits.questionCharacters} characters, the most an answer may be. Shorten it.`,
  );
}

function refuse(message: string): CommandLineError {
  return new CommandLineError(message, "ask");
}
