// Guards the stdio protocol stream before the SDK reads it: every line that is not a JSON-RPC message
// the SDK accepts gets exactly one error reply (when it has an id) instead of silence, a line too long
// to buffer is answered and skipped instead of closing the connection, and stderr gets one line each.

import { PassThrough } from "node:stream";
import { parseJSONRPCMessage } from "@modelcontextprotocol/server";
import { maxMessageDepth, nestsTooDeeply } from "../contract/message-depth.ts";
import { maxRequestBytes } from "../contract/request-size.ts";

/** Longest message accepted on stdin, in bytes (the transport buffers twice this). */
export const maxLineBytes = maxRequestBytes;

/** Where the guard sends what it does not pass on. */
export interface LineGuardOutput {
  /** Writes one JSON-RPC message to the client. */
  reply(message: object): void;
  /** Reports one line to the operator. */
  warn(line: string): void;
}

/** A stream of the valid lines of `input`, in order; everything else is answered through `output`. */
export function guardLines(input: NodeJS.ReadableStream, output: LineGuardOutput): PassThrough {
  const passed = new PassThrough();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping: { head: string } | undefined;
  const line = (bytes: Buffer) => {
    if (skipping) {
      refuseOversized(skipping.head, output);
      skipping = undefined;
      return;
    }
    const text = bytes.toString("utf8").replace(/\r$/, "");
    if (text.trim() === "") return;
    const verdict = check(text);
    if (verdict === undefined) passed.write(`${text}\n`);
    else refuse(verdict, output);
  };
  input.on("data", (chunk: Buffer) => {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, newline);
      line(pending.length > 0 ? Buffer.concat([...pending, piece]) : piece);
      pending = [];
      pendingBytes = 0;
      start = newline + 1;
    }
    const rest = chunk.subarray(start);
    if (rest.length === 0 || skipping) return;
    pending.push(rest);
    pendingBytes += rest.length;
    if (pendingBytes > maxLineBytes) {
      skipping = { head: Buffer.concat(pending).subarray(0, 200).toString("utf8") };
      pending = [];
      pendingBytes = 0;
    }
  });
  input.on("end", () => passed.end());
  input.on("close", () => passed.end());
  return passed;
}

interface Refusal {
  id: string | number | null;
  code: number;
  message: string;
}

/** Undefined when the SDK will accept the line; otherwise the error to answer with. */
function check(text: string): Refusal | undefined {
  if (nestsTooDeeply(text)) {
    return {
      id: idInText(text),
      code: -32600,
      message: `Invalid request: the message nests objects or arrays deeper than ${maxMessageDepth} levels.`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { id: null, code: -32700, message: "Parse error: the line is not valid JSON." };
  }
  try {
    parseJSONRPCMessage(value);
    return undefined;
  } catch (error) {
    const id = idOf(value);
    const detail = firstIssue(error);
    return { id, code: -32600, message: `Invalid request: ${detail}` };
  }
}

function refuse(refusal: Refusal, output: LineGuardOutput): void {
  output.warn(`refused a message (id ${refusal.id ?? "none"}): ${refusal.message}`);
  output.reply({ jsonrpc: "2.0", id: refusal.id, error: { code: refusal.code, message: refusal.message } });
}

/** The id of a message too large or too deep to parse, read from its text; null when none is found. */
function idInText(text: string): string | number | null {
  const id = /"id"\s*:\s*(\d+|"[^"]{0,100}")/.exec(text)?.[1];
  return id === undefined ? null : (JSON.parse(id) as string | number);
}

function refuseOversized(head: string, output: LineGuardOutput): void {
  refuse(
    {
      id: idInText(head),
      code: -32600,
      message: `Invalid request: the message is larger than ${maxLineBytes} bytes; send less (for example a shorter question).`,
    },
    output,
  );
}

/** The id of a request-shaped value, or null. */
function idOf(value: unknown): string | number | null {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
}

/** One line saying what is wrong, from a zod-style error (which lists every alternative it tried). */
function firstIssue(error: unknown): string {
  const issues = (error as { issues?: { path?: unknown[]; message?: string; errors?: unknown }[] }).issues;
  const paths = new Set<string>();
  const visit = (list: unknown) => {
    for (const issue of (Array.isArray(list) ? list : []) as {
      path?: unknown[];
      message?: string;
      errors?: unknown[];
    }[]) {
      if (Array.isArray(issue.errors)) for (const branch of issue.errors) visit(branch);
      else if (issue.path && issue.path.length > 0 && issue.message)
        paths.add(`${issue.path.join(".")}: ${issue.message}`);
    }
  };
  visit(issues);
  const useful = [...paths].filter((entry) => !/Unrecognized key|result:|error:/.test(entry));
  return (useful[0] ?? "not a JSON-RPC request, notification or response").slice(0, 300);
}
