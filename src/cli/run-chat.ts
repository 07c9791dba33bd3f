// `ai-universe chat [ID]`: an interactive loop in one conversation. Each line goes to several models
// (a second opinion) or, after `/one`, to one model; `/model NAME` picks that model, `/quit` or
// Ctrl-D ends. Ctrl-C while models think cancels that turn only.

import { createInterface } from "node:readline";
import { ServiceError } from "../contract/service-error.ts";
import { connect } from "./application-connection.ts";
import type { CommandOptions } from "./command-line.ts";
import { progressBoard } from "./terminal/progress-board.ts";
import { renderReply, renderSecondOpinion } from "./terminal/render-consultation.ts";
import { terminalStyle } from "./terminal/terminal-style.ts";
import type { TerminalOptions } from "./terminal-options.ts";

const help =
  "Type a question for several models; /one QUESTION for one model; /model NAME to pick it; /quit to leave.";

/** Runs the chat loop; returns the exit code. */
export async function runChat(options: CommandOptions): Promise<number> {
  const terminal = options.terminal as TerminalOptions;
  const connection = await connect(options);
  const output = terminalStyle(process.stdout, options.environment);
  const errors = terminalStyle(process.stderr, options.environment);
  const lines = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: process.stdin.isTTY === true,
  });
  let conversationId = terminal.conversationId;
  let model =
    typeof terminal.consultation.primaryModel === "string" ? terminal.consultation.primaryModel : undefined;
  let turn: AbortController | undefined;
  const interrupt = () => {
    if (turn) turn.abort(new ServiceError("cancelled", "Cancelled with Ctrl-C."));
    else lines.close();
  };
  process.on("SIGINT", interrupt);
  lines.on("SIGINT", interrupt);
  process.stderr.write(`${errors.colors.dim(help)}\n`);
  const prompt = () => process.stdout.write(output.colors.cyan("> "));
  try {
    prompt();
    // Lines are read as they come, buffered, so piped input (a script of turns) works as typed input does.
    for await (const line of lines) {
      const text = line.trim();
      if (!text) {
        prompt();
        continue;
      }
      if (text === "/quit" || text === "/exit") break;
      if (text.startsWith("/model ")) {
        model = text.slice(7).trim();
        process.stderr.write(`one-model turns now go to ${model}\n`);
        prompt();
        continue;
      }
      const single = text.startsWith("/one ");
      const question = single ? text.slice(5).trim() : text;
      turn = new AbortController();
      const board = progressBoard(process.stderr, errors);
      try {
        const call = { signal: turn.signal, onEvent: board.onEvent, stream: board.live };
        const context = conversationId ? { conversationId } : {};
        const input = single
          ? { content: question, ...context, ...(model ? { model } : {}) }
          : { question, ...terminal.consultation, ...context };
        const answer = await askTurn(connection, single, input, call, output);
        board.stop(true);
        conversationId = answer.conversationId;
        process.stdout.write(answer.text);
      } catch (error) {
        board.stop();
        const message = turn.signal.aborted ? "cancelled; nothing was stored" : (error as Error).message;
        const code = error instanceof ServiceError ? `${error.code}: ` : "";
        process.stderr.write(`${errors.colors.yellow(`ai-universe: ${code}${message}`)}\n`);
      } finally {
        turn = undefined;
      }
      prompt();
    }
  } finally {
    process.off("SIGINT", interrupt);
    lines.close();
    await connection.close();
  }
  if (conversationId)
    process.stderr.write(
      `Conversation ${conversationId}: continue with ai-universe chat ${conversationId}\n`,
    );
  return 0;
}

type Connection = Awaited<ReturnType<typeof connect>>;

/**
 * Asks one turn, of one model (`/one`: `input` is a message) or of several (a question): the
 * conversation it went to and its answer as the terminal shows it.
 */
async function askTurn(
  connection: Connection,
  single: boolean,
  input: Record<string, unknown>,
  call: Parameters<Connection["sendMessage"]>[1],
  output: ReturnType<typeof terminalStyle>,
): Promise<{ conversationId: string; text: string }> {
  if (single) {
    const reply = await connection.sendMessage(input, call);
    return { conversationId: reply.conversationId, text: renderReply(reply, output) };
  }
  const result = await connection.secondOpinion(input, call);
  return { conversationId: result.conversationId, text: renderSecondOpinion(result, output) };
}
