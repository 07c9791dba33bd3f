// `ai-universe replay ID [--turn N] [--models a,b,c]`: a stored question of a conversation asked again
// as a new turn of it, of today's default panel or of the models named; prints what changed since the
// old turn (the verdict, the agreement, the claims, who changed their mind) and then the new answer,
// or with --json the exact result. Ctrl-C cancels every provider call and stores nothing.

import { errorTable } from "../contract/error-table.ts";
import { describeReplayDiff } from "../contract/replay.ts";
import { ServiceError } from "../contract/service-error.ts";
import { connect } from "./application-connection.ts";
import type { CommandOptions } from "./command-line.ts";
import { cleanStop } from "./stop-signals.ts";
import { progressBoard } from "./terminal/progress-board.ts";
import { renderSecondOpinion } from "./terminal/render-consultation.ts";
import { terminalStyle } from "./terminal/terminal-style.ts";
import type { TerminalOptions } from "./terminal-options.ts";

/** Runs `replay`; returns the exit code. */
export async function runReplay(options: CommandOptions): Promise<number> {
  const terminal = options.terminal as TerminalOptions;
  const connection = await connect(options);
  const controller = new AbortController();
  const stop = cleanStop("every provider call is stopped");
  const interrupt = () => controller.abort(new ServiceError("cancelled", "Cancelled with Ctrl-C."));
  stop.requested.addEventListener("abort", interrupt, { once: true });
  const board = terminal.json
    ? undefined
    : progressBoard(process.stderr, terminalStyle(process.stderr, options.environment));
  try {
    const result = await connection.replay(
      {
        conversationId: terminal.conversationId,
        ...(terminal.turn !== undefined ? { turn: terminal.turn } : {}),
        ...(terminal.models ? { models: terminal.models } : {}),
      },
      { signal: controller.signal, ...(board ? { onEvent: board.onEvent, stream: board.live } : {}) },
    );
    board?.stop(true);
    if (terminal.json) {
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      return 0;
    }
    const style = terminalStyle(process.stdout, options.environment);
    const { colors } = style;
    const { replay } = result;
    const lines = [
      colors.bold(`Replay of turn ${replay.replayOf.turn}: what changed`),
      ...describeReplayDiff(replay.diff).map((line) => `  ${line}`),
      ...replay.notReplayed.map((note) => colors.dim(`  ${note}`)),
      "",
    ];
    process.stdout.write(`${lines.join("\n")}\n${renderSecondOpinion(result, style)}`);
    return 0;
  } catch (error) {
    board?.stop();
    if (controller.signal.aborted) {
      process.stderr.write(
        "ai-universe: cancelled; every provider call was stopped and nothing was stored\n",
      );
      return errorTable.cancelled.exitCode;
    }
    throw error;
  } finally {
    stop.requested.removeEventListener("abort", interrupt);
    await connection.close();
  }
}
