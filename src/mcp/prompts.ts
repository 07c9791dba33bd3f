// Prompts for the common flows, which clients show as slash commands: a second opinion on a question,
// a review of code or a diff, and continuing a saved conversation.

import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";

// Built once: every server instance (one per HTTP request) shares them.
const questionArguments = z.object({
  question: z.string().describe("The question, with the context the models need."),
});

const reviewArguments = z.object({
  code: z.string().describe("The code or the diff (for example the output of git diff)."),
  focus: z.string().optional().describe("What to look at: bugs, security, performance, design..."),
});

/** The follow-up's arguments, by the spelling of the tool their description names. */
const followUpSchemas = new Map<string, ReturnType<typeof followUpSchema>>();

const followUpSchema = (listTool: string) =>
  z.object({
    conversationId: z.string().describe(`The conversation to continue (see ${listTool}).`),
    message: z.string().describe("The follow-up question."),
    model: z.string().optional().describe("Ask only this model; omit for a second opinion from several."),
  });

/** The follow-up's arguments; their descriptions name a tool, so they are spelled per server (built once each). */
function followUpArguments(toolName: (name: string) => string) {
  const listTool = toolName("conversation.list");
  let schema = followUpSchemas.get(listTool);
  if (!schema) {
    schema = followUpSchema(listTool);
    followUpSchemas.set(listTool, schema);
  }
  return schema;
}

/** Registers the prompts; `toolName` spells tool names as the client lists them. */
export function registerPrompts(server: McpServer, toolName: (name: string) => string): void {
  const secondOpinion = toolName("agent.second_opinion");
  server.registerPrompt(
    "second-opinion",
    {
      title: "Second opinion",
      description: "Ask several models from different vendors one question and get a synthesis.",
      argsSchema: questionArguments,
    },
    ({ question }) =>
      userPrompt(
        `Call the ${secondOpinion} tool with this question, then give me its synthesis and say where the models disagreed:\n\n${question}`,
      ),
  );
  server.registerPrompt(
    "review-code",
    {
      title: "Review code or a diff",
      description: "Have several models review a piece of code or a diff, and get where they agree.",
      argsSchema: reviewArguments,
    },
    ({ code, focus }) =>
      userPrompt(
        `Call the ${secondOpinion} tool with a question asking for a code review` +
          `${focus ? ` focused on ${focus}` : ""}: bugs, risks and concrete fixes, most important first. ` +
          `Include this code in the question, unchanged:\n\n\`\`\`\n${code}\n\`\`\`\n\nThen summarise the findings the models agree on, and the ones only one model raised.`,
      ),
  );
  server.registerPrompt(
    "continue-conversation",
    {
      title: "Continue a conversation",
      description: "Ask a follow-up in a saved conversation, with a second opinion or one model.",
      argsSchema: followUpArguments(toolName),
    },
    ({ conversationId, message, model }) =>
      userPrompt(
        model
          ? `Call the ${toolName("conversation.send-message")} tool with conversationId "${conversationId}", model "${model}" and this content:\n\n${message}`
          : `Call the ${secondOpinion} tool with conversationId "${conversationId}" and this question:\n\n${message}`,
      ),
  );
}

function userPrompt(text: string) {
  return { messages: [{ role: "user" as const, content: { type: "text" as const, text } }] };
}
