// This process's stdin and stdout as the stdio server meets them. With early answers, the connection
// answers the opening exchange itself while the server loads (early-answers.ts), and hands the server
// the whole stream anyway: the server reads every byte of stdin from the start, the answered requests
// included, so it negotiates what the client did and learns its capabilities, and its own answers to
// those requests are left out of stdout (each is the same answer; one that is not is reported).

import { PassThrough, type Readable, Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { type Answer, type EarlyAnswers, earlyAnswerer } from "./early-answers.ts";
import { readOpeningMessage } from "./early-requests.ts";

/** The stdio of the server. */
export interface StdioConnection {
  /** What the server reads: every byte of stdin, in order. */
  readonly input: Readable;
  /** Where the server writes one message per write: stdout, less its answers to requests answered early. */
  readonly output: Writable;
  /** Resolves once the opening exchange is answered, or left to the server: the time to load it. */
  readonly opened: Promise<void>;
  /** Answers nothing more early: called before the server reads, which answers every message not answered yet. */
  handOver(): void;
  /** Sets where an answer of the server that differs from the early one is reported. */
  reportDifferences(report: (message: string) => void): void;
  /** Stops reading stdin, so the open pipe does not keep the process alive. */
  close(): void;
}

/** The plain stdin and stdout, with nothing answered early. */
export function plainConnection(stdin: Readable, stdout: Writable): StdioConnection {
  return {
    input: stdin,
    output: stdout,
    opened: Promise.resolve(),
    handOver: () => {},
    reportDifferences: () => {},
    close: () => stopReading(stdin),
  };
}

/** How long the opening exchange may pause before the server is loaded anyway, in milliseconds. */
const openingPauseMs = 100;

/** Longest line kept while the opening is read: the opening requests are small. */
const longestOpeningLine = 64 * 1024;

/**
 * A connection that answers the opening exchange from `answers` (undefined: answers none) until its first
 * message they do not answer, which the server, reading everything, answers instead.
 */
export function answeringConnection(
  answers: Promise<EarlyAnswers | undefined>,
  stdin: Readable,
  stdout: Writable,
): StdioConnection {
  const input = new PassThrough();
  /** The early answers sent, by request id, until the server's own is left out. */
  const sent = new Map<string, string>();
  let report = (_message: string) => {};
  const opening = openingReader(answers, (reply) => {
    const text = JSON.stringify(reply);
    sent.set(JSON.stringify(reply.id), text);
    stdout.write(`${text}\n`);
  });
  // The client is gone when stdout breaks; stdin ends next, which ends the server.
  const ignoreBrokenPipe = () => {};
  stdout.on("error", ignoreBrokenPipe);
  stdin.on("data", (chunk: Buffer) => {
    input.write(chunk);
    opening.read(chunk);
  });
  const end = () => {
    opening.stop();
    if (!input.writableEnded) input.end();
  };
  stdin.on("end", end);
  stdin.on("close", end);
  return {
    input,
    output: answerFilter(stdout, sent, (message) => report(message)),
    opened: opening.opened,
    handOver: opening.stop,
    reportDifferences(reporter) {
      report = reporter;
    },
    close() {
      opening.stop();
      stdout.off("error", ignoreBrokenPipe);
      stopReading(stdin);
    },
  };
}

/**
 * Reads the opening exchange from stdin's chunks and gives `send` the answer to each message, once
 * `answers` are loaded, until one is not answered, a line is too long or `stop` is called. `opened`
 * resolves then, after the tools are listed, or when the exchange pauses.
 */
function openingReader(answers: Promise<EarlyAnswers | undefined>, send: (reply: Answer) => void) {
  let answer: ReturnType<typeof earlyAnswerer> | undefined;
  let reading = true;
  let pending = "";
  const decoder = new StringDecoder("utf8");
  const lines: string[] = [];
  let settle = () => {};
  const opened = new Promise<void>((resolve) => {
    settle = resolve;
  });
  let pause = setTimeout(settle, openingPauseMs);
  const stop = () => {
    reading = false;
    pending = "";
    lines.length = 0;
    clearTimeout(pause);
    settle();
  };
  const take = () => {
    while (reading && answer && lines.length > 0) {
      const reply = answer(readOpeningMessage(lines.shift() ?? ""));
      if (reply === undefined) return stop();
      if (reply === "none") continue;
      send(reply);
      if (isListing(reply)) return stop();
    }
    if (!reading) return;
    clearTimeout(pause);
    pause = setTimeout(settle, openingPauseMs);
  };
  answers.then(
    (loaded) => {
      if (!loaded) return stop();
      answer = earlyAnswerer(loaded);
      take();
    },
    () => stop(),
  );
  const read = (chunk: Buffer) => {
    if (!reading) return;
    const parts = (pending + decoder.write(chunk)).split("\n");
    pending = parts.pop() ?? "";
    lines.push(...parts.map((line) => line.replace(/\r$/, "")).filter((line) => line.trim() !== ""));
    if (pending.length > longestOpeningLine) stop();
    else take();
  };
  return { opened, read, stop };
}

/** Whether `reply` lists tools: the last request of an opening exchange. */
function isListing(reply: Answer): boolean {
  return "tools" in reply.result;
}

/**
 * Stdout for the server: each write (one message) goes through, but for the answer to a request in
 * `sent`, which is left out once; `report` hears of one that differs from what was sent.
 */
function answerFilter(
  stdout: Writable,
  sent: Map<string, string>,
  report: (message: string) => void,
): Writable {
  const leftOut = (text: string) => {
    let message: { id?: unknown; result?: unknown; error?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return false;
    }
    const key = JSON.stringify(message.id ?? null);
    const early = sent.get(key);
    if (early === undefined || (message.result === undefined && message.error === undefined)) return false;
    sent.delete(key);
    if (early !== text)
      report(
        `the answer to request ${key} at start differed from the server's: sent ${early.slice(0, 200)}, the server's ${text.slice(0, 200)}`,
      );
    return true;
  };
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (sent.size > 0 && leftOut(chunk.toString("utf8").trimEnd())) return callback();
      stdout.write(chunk, (error) => callback(error ?? undefined));
    },
  });
}

function stopReading(stdin: Readable): void {
  stdin.pause();
  stdin.destroy();
}
