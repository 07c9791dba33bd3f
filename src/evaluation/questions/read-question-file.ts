// Reads a question file as `ask --file` reads an attachment: stat first, so a directory, a device such
// as /dev/zero, a FIFO (which would wait for a writer) or a file over the limit is refused from its
// kind and size alone, before a byte is read; then never more bytes than the file said it had.

import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { fileKindOf } from "../../contract/file-kind.ts";
import { QuestionSetError } from "./question-set-error.ts";

/**
 * The largest question file read, in bytes: the largest public set we read (MMLU-Pro's 12,000 questions
 * as JSONL) is about 10 MiB, and an evaluation's questions are asked of several models each.
 */
export const questionFileBytes = 64 * 1024 * 1024;

/** The text of the question file at `path`; throws QuestionSetError naming the cause and the fix. */
export async function readQuestionFile(path: string): Promise<string> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    // O_NONBLOCK: opening a FIFO does not wait for a writer (its kind is refused below).
    file = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw cannotRead(path, reasonOf(error));
  }
  try {
    const stats = await file.stat();
    if (!stats.isFile()) throw cannotRead(path, `${fileKindOf(stats)}, not a regular file`);
    if (stats.size > questionFileBytes) {
      throw new QuestionSetError(
        `${path}: the question file is ${mebibytes(stats.size)}; it may be at most ${mebibytes(questionFileBytes)}: use --limit or --tag on a smaller file, or split it`,
      );
    }
    const buffer = Buffer.alloc(stats.size + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await file.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > stats.size) throw cannotRead(path, "it grew while it was read");
    return buffer.subarray(0, length).toString("utf8");
  } catch (error) {
    if (error instanceof QuestionSetError) throw error;
    throw cannotRead(path, reasonOf(error));
  } finally {
    await file.close();
  }
}

function cannotRead(path: string, reason: string): QuestionSetError {
  return new QuestionSetError(
    `${path}: cannot read the question set (${reason}): give the path of a question file`,
  );
}

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "no such file";
  if (code === "EISDIR") return "a folder, not a file";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  return code ?? (error instanceof Error ? error.message : String(error));
}

function mebibytes(bytes: number): string {
  const value = bytes / 1024 / 1024;
  return Number.isInteger(value)
    ? `${value} MiB`
    : `${value.toFixed(1)} MiB (${bytes.toLocaleString("en-US")} bytes)`;
}
