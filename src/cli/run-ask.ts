// `ai-universe ask`: one consultation from a terminal. The question comes from the arguments or
// stdin, with files (images, PDFs, text) or `git diff` attached, web search and a reasoning level if
// asked; each model's line spins until it answers (on stderr), with its answer forming beneath it on a
// terminal; then the synthesis, its assessment, each opinion (with its reasoning tokens, searches and
// the files it could not read), the council's review and rounds, the sources and the cost (on stdout),
// or with --json the exact tool result and nothing else. Ctrl-C cancels every provider call, stores
// nothing and exits 130.

import { spawnSync } from "node:child_process";
import type { SecondOpinionResult } from "../consultation/second-opinion-result.ts";
import { ServiceError } from "../errors/service-error.ts";
import { readAttachedFiles } from "./attached-files.ts";
import { CommandLineError } from "./command-error.ts";
import type { CommandOptions } from "./command-line.ts";
import { progressBoard } from "./terminal/progress-board.ts";
import { renderSecondOpinion } from "./terminal/render-consultation.ts";
import { terminalStyle } from "./terminal/terminal-style.ts";
import type { TerminalOptions } from "./terminal-options.ts";
import { connect } from "./universe-connection.ts";

/** The exit code of a run stopped with Ctrl-C (128 + SIGINT). */
export const interruptedExitCode = 130;

/** Runs `ask`; returns the exit code. */
export async function runAsk(options: CommandOptions): Promise<number> {
  const terminal = options.terminal as TerminalOptions;
  // Files are read, and refused, before anything else: no model is called for a file that cannot go.
  const attachments = readAttachedFiles(terminal.files);
  const question = await questionOf(terminal);
  const connection = await connect(options);
  const controller = new AbortController();
  const interrupt = () => controller.abort(new ServiceError("cancelled", "Cancelled with Ctrl-C."));
  process.on("SIGINT", interrupt);
  const board =
    terminal.json || terminal.quiet
      ? undefined
      : progressBoard(process.stderr, terminalStyle(process.stderr, options.environment));
  try {
    const result = await connection.secondOpinion(
      {
        question,
        ...(attachments.length > 0 ? { attachments } : {}),
        ...terminal.consultation,
        ...(terminal.conversationId ? { conversationId: terminal.conversationId } : {}),
      },
      {
        signal: controller.signal,
        ...(board ? { onEvent: board.onEvent, stream: board.live } : {}),
      },
    );
    board?.stop(true);
    const style = terminalStyle(process.stdout, options.environment);
    if (terminal.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else if (terminal.quiet) process.stdout.write(`${answerOf(result).trim()}\n`);
    else process.stdout.write(renderSecondOpinion(result, style));
    return 0;
  } catch (error) {
    board?.stop();
    if (controller.signal.aborted) {
      process.stderr.write(
        "ai-universe: cancelled; every provider call was stopped and nothing was stored\n",
      );
      return interruptedExitCode;
    }
    throw error;
  } finally {
    process.off("SIGINT", interrupt);
    await connection.close();
  }
}

/** The answer of a consultation: the synthesis, else the answer kept in its place. */
function answerOf(result: SecondOpinionResult): string {
  const { synthesis } = result;
  if (synthesis && !synthesis.error) return synthesis.response;
  const kept = [result.primary, ...result.secondaryOpinions].find(
    (opinion) => opinion.model === synthesis?.fallbackAnswerFrom,
  );
  return (kept ?? result.primary).response;
}

/** The question with piped input and git diff as context; stdin when no question was given. */
async function questionOf(terminal: TerminalOptions): Promise<string> {
  let question = terminal.question ?? "";
  const context: string[] = [];
  if (!process.stdin.isTTY) {
    // Piped input is the question, or, when the question is on the command line, context for it.
    const piped = await readStdin();
    if (!question) question = piped;
    else if (piped.trim()) context.push(`Input:\n\`\`\`\n${piped.trimEnd()}\n\`\`\``);
  }
  if (terminal.diff) {
    const diff = spawnSync("git", ["diff"], { encoding: "utf8", maxBuffer: 8 * 1024 * 1024 });
    if (diff.status !== 0)
      throw new CommandLineError(`git diff failed: ${diff.stderr.trim() || diff.error?.message}.`, "ask");
    if (!diff.stdout.trim()) throw new CommandLineError("--diff: git diff shows no changes.", "ask");
    context.push(`The output of git diff:\n\`\`\`diff\n${diff.stdout}\n\`\`\``);
  }
  if (!question.trim())
    throw new CommandLineError('ask needs a question: ai-universe ask "..." (or pipe it on stdin).', "ask");
  return [question.trim(), ...context].join("\n\n");
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
