// `ai-universe ask`: one consultation from a terminal. The question comes from the arguments or
// stdin, with files (images, PDFs, text) or `git diff` attached, web search and a reasoning level if
// asked; each model's line spins until it answers (on stderr), with its answer forming beneath it on a
// terminal; then the synthesis, its assessment, each opinion (with its reasoning tokens, searches and
// the files it could not read), the council's review and rounds, the sources and the cost (on stdout),
// or with --json the exact tool result and nothing else. Ctrl-C cancels every provider call, stores
// nothing and exits 130. An answer given with models still answering (--answer-within, or a server's
// answer-by time) is followed by a line per such model, and each opinion printed as it lands; `ask`
// exits when all have. Ctrl-C then stops waiting (a server goes on and stores them; in this process it
// stops them, stored as stopped). With --json or --quiet nothing more is printed, and `ask` leaves at
// once unless the models run in this process.

import { spawnSync } from "node:child_process";
import type { SecondOpinionResult } from "../contract/consultation-results.ts";
import { errorTable } from "../contract/error-table.ts";
import type { SecondOpinion } from "../contract/opinions.ts";
import { ServiceError } from "../contract/service-error.ts";
import { type ApplicationConnection, connect } from "./application-connection.ts";
import { readAttachedFiles } from "./attached-files.ts";
import { CommandLineError } from "./command-error.ts";
import type { CommandOptions } from "./command-line.ts";
import { gateOutcome } from "./gate-verdict.ts";
import { readHostAnswer } from "./host-answer-file.ts";
import { cleanStop } from "./stop-signals.ts";
import { progressBoard } from "./terminal/progress-board.ts";
import { renderSecondOpinion } from "./terminal/render-consultation.ts";
import { renderLateEnd, renderLateOpinion, renderStillAnswering } from "./terminal/render-late-opinions.ts";
import { terminalStyle } from "./terminal/terminal-style.ts";
import type { TerminalOptions } from "./terminal-options.ts";
import { workspaceFolder } from "./workspace-folder.ts";

/** The exit code of a run stopped with Ctrl-C (128 + SIGINT). */
export const interruptedExitCode = errorTable.cancelled.exitCode;

/** Runs `ask`; returns the exit code. */
export async function runAsk(options: CommandOptions): Promise<number> {
  const terminal = options.terminal as TerminalOptions;
  // Files are read, and refused, before anything else: no model is called for a file that cannot go.
  const attachments = readAttachedFiles(terminal.files);
  const hostAnswer = readHostAnswer(terminal.hostAnswerFile);
  const workspace = workspaceFolder(terminal.workspace);
  const question = await questionOf(terminal);
  const connection = await connect(options);
  const controller = new AbortController();
  const late = lateControls();
  let answered = false;
  const interrupt = () => {
    if (!answered) controller.abort(new ServiceError("cancelled", "Cancelled with Ctrl-C."));
    else late.interrupt(connection.lateOpinionsRunHere);
  };
  // The first Ctrl-C (or SIGTERM) interrupts; a second one waits for what the first stores.
  const stop = cleanStop("every provider call is stopped");
  stop.requested.addEventListener("abort", interrupt, { once: true });
  const board =
    terminal.json || terminal.quiet || terminal.gate
      ? undefined
      : progressBoard(process.stderr, terminalStyle(process.stderr, options.environment));
  try {
    const result = await connection.secondOpinion(
      {
        question,
        ...(attachments.length > 0 ? { attachments } : {}),
        ...(hostAnswer ? { hostAnswer } : {}),
        ...(workspace ? { workspace } : {}),
        ...terminal.consultation,
        ...(terminal.conversationId ? { conversationId: terminal.conversationId } : {}),
      },
      {
        signal: controller.signal,
        lateSignal: late.stopModels.signal,
        ...(board ? { onEvent: board.onEvent, stream: board.live } : {}),
      },
    );
    answered = true;
    board?.stop(true);
    const style = terminalStyle(process.stdout, options.environment);
    const gate = terminal.gate ? gateOutcome(result) : undefined;
    // With --gate a run that went well leaves with the verdict's code.
    const exit = (code: number) => (gate && code === 0 ? gate.exitCode : code);
    if (terminal.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else if (gate) process.stdout.write(gate.text);
    else if (terminal.quiet) process.stdout.write(`${answerOf(result).trim()}\n`);
    else process.stdout.write(renderSecondOpinion(result, style));
    const pending = result.pendingModels ?? [];
    if (pending.length === 0) return exit(0);
    if (!result.assistantMessageId) {
      late.stopModels.abort(); // the answer was not stored: there is no turn to add them to
      return exit(0);
    }
    const shown = !terminal.json && !terminal.quiet && !gate;
    // A server stores them without us; in this process they need it alive.
    if (!shown && !connection.lateOpinionsRunHere) return exit(0);
    return exit(await followLateOpinions(connection, result, pending, late, shown, options.environment));
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
    stop.requested.removeEventListener("abort", interrupt);
    await connection.close();
  }
}

/**
 * What Ctrl-C does once the answer is given: stops the models running here (each is then stored as
 * stopped), or stops waiting for those a server runs.
 */
function lateControls() {
  const stopModels = new AbortController();
  const stopWaiting = new AbortController();
  return {
    stopModels,
    stopWaiting,
    interrupt(runHere: boolean) {
      if (runHere) stopModels.abort();
      else stopWaiting.abort();
    },
  };
}

/**
 * Waits for the late opinions of `result`, printing each as it lands when `shown`; resolves with the
 * exit code: 0 when every one came, 130 when Ctrl-C stopped them or the wait.
 */
async function followLateOpinions(
  connection: ApplicationConnection,
  result: SecondOpinionResult,
  pending: readonly string[],
  late: ReturnType<typeof lateControls>,
  shown: boolean,
  environment: Record<string, string | undefined>,
): Promise<number> {
  const style = terminalStyle(process.stdout, environment);
  const status = terminalStyle(process.stderr, environment);
  if (shown) process.stderr.write(renderStillAnswering(pending, connection.lateOpinionsRunHere, status));
  const printed = new Set<string>();
  let last: SecondOpinion | undefined;
  let unlanded: string[];
  try {
    unlanded = await connection.followLateOpinions(result.assistantMessageId ?? "", {
      signal: late.stopWaiting.signal,
      onTurn: (turn) => {
        last = turn;
        if (!shown) return;
        for (const opinion of [turn.primary, ...turn.secondaryOpinions]) {
          if (!opinion.late || !pending.includes(opinion.model) || printed.has(opinion.model)) continue;
          printed.add(opinion.model);
          process.stdout.write(`\n${renderLateOpinion(opinion, turn.stances?.[opinion.model], style)}`);
        }
      },
    });
  } catch (error) {
    if (!late.stopWaiting.signal.aborted) {
      const reason = error instanceof ServiceError ? error.message : String(error);
      process.stderr.write(
        `ai-universe: cannot follow the opinions still coming (${reason}); they are added to conversation ${result.conversationId} as they land (ai-universe history ${result.conversationId}).\n`,
      );
      return 0;
    }
    unlanded = last?.pendingModels ?? [...pending];
  }
  const waiting = unlanded.filter((model) => !printed.has(model));
  if (late.stopWaiting.signal.aborted && waiting.length > 0) {
    const one = waiting.length === 1;
    process.stderr.write(
      `ai-universe: stopped waiting; ${waiting.join(", ")} ${one ? "goes" : "go"} on at the server, and ${one ? "its opinion is" : "their opinions are"} added to conversation ${result.conversationId} on landing (ai-universe history ${result.conversationId}).\n`,
    );
    return interruptedExitCode;
  }
  if (shown && last) process.stdout.write(`\n${renderLateEnd(last.summary, unlanded, style)}`);
  if (late.stopModels.signal.aborted) {
    process.stderr.write("ai-universe: stopped with Ctrl-C; the models still answering were stopped\n");
    return interruptedExitCode;
  }
  return 0;
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
