// Ctrl-C (SIGINT) and SIGTERM for a command that stops cleanly (ask, eval, serve, mcp). One Ctrl-C can
// reach the process more than once: a terminal signals its whole foreground process group, and a parent
// such as npm forwards its own copy. So once a command starts listening, a listener stays on both
// signals until the process ends, and no copy or repeat meets Node's default, which would kill the
// process before the clean stop stored what it did. The first signal starts the clean stop; one more
// means "stop now", taken only once the state is stored: the command ends as it would, and the process
// exits at once, without waiting for anything else still open. Ctrl-\ (SIGQUIT) still quits at once.

/** The clean stop of a command, started by the first SIGINT or SIGTERM. */
export interface CleanStop {
  /** Aborted at the first signal; the reason is an Error naming it. */
  readonly requested: AbortSignal;
  /** Resolves with the first signal's name. */
  readonly signalled: Promise<NodeJS.Signals>;
}

const signals = ["SIGINT", "SIGTERM"] as const;
let current: { stop: CleanStop; abort: (signal: NodeJS.Signals) => void } | undefined;
let storing = "what it did is stored";
let received = 0;

/**
 * Starts listening for the command's stop (once per process: later calls return the same stop, with
 * `whileStoring`, which the line printed at a second signal names, updated). Call it when the command
 * has something to stop cleanly; from then on no SIGINT or SIGTERM kills the process.
 */
export function cleanStop(whileStoring = storing): CleanStop {
  storing = whileStoring;
  if (current) return current.stop;
  const controller = new AbortController();
  let resolveSignal: (signal: NodeJS.Signals) => void = () => {};
  const signalled = new Promise<NodeJS.Signals>((resolve) => {
    resolveSignal = resolve;
  });
  current = {
    stop: { requested: controller.signal, signalled },
    abort(signal) {
      resolveSignal(signal);
      controller.abort(new Error(`stopped by ${signal}`));
    },
  };
  for (const signal of signals) process.on(signal, () => receive(signal));
  return current.stop;
}

/** Whether a signal came again during the clean stop: the process should exit as soon as the command returns. */
export function stopNow(): boolean {
  return received > 1;
}

function receive(signal: NodeJS.Signals): void {
  received += 1;
  if (received === 1) current?.abort(signal);
  else if (received === 2)
    process.stderr.write(
      `ai-universe: ${signal} again: stopping as soon as ${storing} (Ctrl-\\ quits at once, storing nothing more)\n`,
    );
}
