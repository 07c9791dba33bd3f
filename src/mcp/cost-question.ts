// The question before a costly call: when the application says a call's estimate is above the
// operator's `confirmAboveUsd` and the client declared elicitation (form), the call first asks
// "This will ask N models and may cost up to $X. Go on?" with go on, fewer models (named, with their
// estimate) and stop. Written once as a multi-round-trip `input_required` result: on 2026-07-28 the
// client answers it and sends the call again with the answer; on the 2025 revisions the SDK sends it as
// an `elicitation/create` request within the call and runs the handler again with the answer. Declined,
// cancelled or stopped: a `declined` tool result; no model is asked and nothing is charged.

import {
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type McpServer,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type {
  Application,
  Caller,
  ConsultationTool,
  CostEstimate,
  CostQuestion,
} from "../application/index.ts";
import { ServiceError } from "../contract/service-error.ts";
import { usd } from "../contract/usd.ts";
import { toolFailure } from "./tool-result.ts";

/** The key of the question among the call's input requests (and of its answer among the responses). */
export const costQuestionKey = "ai-universe/cost-question";

/** The choices of the question's form, by the value the client sends back. */
export const costChoices = { goOn: "go-on", fewer: "fewer-models", stop: "stop" } as const;

/** What the call does next: run with these arguments, or answer at once with this result. */
export type CostStep = { input: unknown } | { result: CallToolResult | InputRequiredResult };

/** Whether tool `name` (its contract name) asks models, and so may be confirmed first. */
export function confirmsCost(name: string): name is ConsultationTool {
  return name === "agent.second_opinion" || name === "conversation.send-message";
}

/**
 * Confirms a call of `tool` with `input` when a question is due and the client can answer one; the
 * answer (on the call's second round) decides whether and how it runs. See the file's header.
 */
export async function confirmCost(
  application: Application,
  caller: Caller,
  tool: ConsultationTool,
  input: unknown,
  server: McpServer["server"],
  context: ServerContext,
  log: (message: string) => void,
): Promise<CostStep> {
  const answer = inputResponse(context.mcpReq.inputResponses, costQuestionKey);
  if (answer.kind === "elicit") {
    const choice = answer.action === "accept" ? answer.content?.choice : costChoices.stop;
    if (choice === costChoices.stop) return { result: declined(answer.action, log) };
    if (choice !== costChoices.fewer) return { input };
    const question = await application.costQuestion(caller, tool, input).catch(() => undefined);
    return { input: question?.cheaper?.arguments ?? input };
  }
  if (!answersQuestions(server, context)) return { input };
  const question = await application.costQuestion(caller, tool, input).catch(() => undefined);
  if (!question) return { input };
  return {
    result: inputRequired({
      inputRequests: {
        [costQuestionKey]: inputRequired.elicit({
          mode: "form",
          message: questionText(question),
          requestedSchema: choiceSchema(question),
        }),
      },
    }),
  };
}

/** Whether the client declared form elicitation (a bare `elicitation: {}` is form, as before modes). */
function answersQuestions(server: McpServer["server"], context: ServerContext): boolean {
  const envelope = context.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities = (server.getClientCapabilities() ?? envelope?.[CLIENT_CAPABILITIES_META_KEY]) as
    | ClientCapabilities
    | undefined;
  const elicitation = capabilities?.elicitation as { form?: unknown; url?: unknown } | undefined;
  return elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
}

/** "This will ask 4 models (...) and may cost up to $0.61. Go on?", with the cheaper way when there is one. */
export function questionText(question: CostQuestion): string {
  const fewer = question.cheaper
    ? ` Or ask ${describe(question.cheaper)}, up to ${usd(question.cheaper.estimatedCostUsd)}.`
    : "";
  return (
    `This will ask ${describe(question)} and may cost up to ${usd(question.estimatedCostUsd)} ` +
    `(above the ${usd(question.confirmAboveUsd)} this server asks about; the estimate counts every model ` +
    `writing its whole answer allowance).${unpriced(question)} Go on?${fewer}`
  );
}

/** The form: one choice, go on (the default), fewer models when there is a cheaper way, or stop. */
function choiceSchema(question: CostQuestion) {
  const choices: [string, string][] = [
    [costChoices.goOn, `Go on: ${question.models.length} models, up to ${usd(question.estimatedCostUsd)}`],
    ...(question.cheaper
      ? [
          [
            costChoices.fewer,
            `Fewer models: ${question.cheaper.models.join(", ")}, up to ${usd(question.cheaper.estimatedCostUsd)}`,
          ] as [string, string],
        ]
      : []),
    [costChoices.stop, "Stop: ask no model"],
  ];
  return {
    type: "object" as const,
    properties: {
      choice: {
        type: "string" as const,
        title: "What to do",
        enum: choices.map(([value]) => value),
        enumNames: choices.map(([, title]) => title),
        default: costChoices.goOn,
      },
    },
    required: ["choice"],
  };
}

/** The result of a call the person did not confirm. */
function declined(action: "accept" | "decline" | "cancel", log: (message: string) => void): CallToolResult {
  const how = action === "cancel" ? "dismissed the question" : "declined";
  return toolFailure(
    new ServiceError(
      "declined",
      `You ${how}: no model was asked and nothing was charged. Call again to be asked again, with fewer models (a lower maxOpinions or a smaller panel), or with a maxCostUsd.`,
      { action },
    ),
    log,
  );
}

/** "4 models (claude, gpt, gemini, grok; claude writes the synthesis)". */
function describe(estimate: CostEstimate): string {
  const count = estimate.models.length === 1 ? "1 model" : `${estimate.models.length} models`;
  const synthesis = estimate.synthesisModel ? `; ${estimate.synthesisModel} writes the synthesis` : "";
  return `${count} (${estimate.models.join(", ")}${synthesis})`;
}

/** Names the models whose cost the estimate leaves out. */
function unpriced(estimate: CostEstimate): string {
  if (estimate.unknownCost.length === 0) return "";
  return ` ${estimate.unknownCost.join(", ")} ${estimate.unknownCost.length === 1 ? "has" : "have"} no price, so ${estimate.unknownCost.length === 1 ? "its" : "their"} cost is not counted.`;
}
