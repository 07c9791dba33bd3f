// The result schema of every use case a tool calls, by the short name the MCP output schemas go by.
// Loaded only when a tool list or call needs them (see src/mcp/output-schemas.ts), never at start.

import { secondOpinionOutput, sendMessageResult } from "./consultation-results.ts";
import { conversationListResult, deleteResult, historyResult, searchResult } from "./conversations.ts";
import { modelListing } from "./models.ts";
import { replayResult } from "./replay.ts";
import { usageResult } from "./usage.ts";

/** Each tool's result schema. */
export const resultSchemas = {
  secondOpinion: secondOpinionOutput,
  history: historyResult,
  sendMessage: sendMessageResult,
  replay: replayResult,
  list: conversationListResult,
  delete: deleteResult,
  search: searchResult,
  usage: usageResult,
  models: modelListing,
};

/** A tool's result, by its short name. */
export type OutputName = keyof typeof resultSchemas;
