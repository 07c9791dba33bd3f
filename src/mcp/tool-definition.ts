// One tool as the catalog (tool-catalog.ts) holds it, and as each tool's writer makes it: its names,
// description, schemas, annotations, the use case it calls and the text block of its result. Apart from
// the catalog so that a tool written in its own file (replay-tool.ts) needs nothing of the catalog.

import type { ToolAnnotations } from "@modelcontextprotocol/server";
import type { z } from "zod";
import type { Application, Caller } from "../application/index.ts";
import type { OutputName } from "../contract/result-schemas.ts";
import type { JsonSchema } from "./output-schemas.ts";

/** How a call that asks models reports and is stopped: the application's options of a run. */
type RunOptions = Parameters<Application["secondOpinion"]>[2];

/** One tool. `call` runs its use case; `text` is the text block for the calling model. */
export interface ToolDefinition {
  /** The contract's name, e.g. `agent.second_opinion`. */
  name: string;
  /** The same name with only `[a-zA-Z0-9_-]`, e.g. `agent_second_opinion`. */
  portableName: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: ToolAnnotations;
  /** Whether a client may run the tool as a task (on the revisions with tasks). */
  taskSupport: "optional" | "forbidden";
  /** Listed as the tool's `_meta`, e.g. the MCP Apps panel that shows its result (council-panel.ts). */
  meta?: Record<string, unknown>;
  call(application: Application, caller: Caller, input: unknown, options: RunOptions): Promise<object>;
  text(result: object): string;
}

/** A tool as each tool's file writes it: its schemas named, converted to JSON Schema only when first listed. */
export type ToolEntry = Omit<ToolDefinition, "portableName" | "inputSchema" | "outputSchema"> & {
  input: z.ZodType;
  output: OutputName;
};

/** Writes one tool's entry, given how tool names are spelled in its text. */
export type ToolWriter = (name: (dotted: string) => string) => ToolEntry;
