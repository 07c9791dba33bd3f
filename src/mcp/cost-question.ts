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
    const asked = askedOf(context.mcpReq.requestState());
    // Read as the answer's own property: an inherited one (`__proto__` in the answer) is no choice.
    const content: object = answer.content ?? {};
    const choice =
      answer.action !== "accept"
        ? costChoices.stop
        : Object.hasOwn(content, "choice")
          ? (content as { choice: unknown }).choice
          : undefined;
    if (choice === costChoices.stop) return { result: declined(answer.action, asked, log) };
    if (choice === costChoices.goOn) return { input };
    const question = await application.costQuestion(caller, tool, input).catch(() => undefined);
    // Anything but a choice the question offered is no consent: the call does not run.
    if (choice !== costChoices.fewer || !question?.cheaper) return { result: unanswered(choice, log) };
    return { input: question.cheaper.arguments };
  }
  if (!answersQuestions(server, context)) return { input };
  const question = await application.costQuestion(caller, tool, input).catch(() => undefined);
  if (!question) return { input };
  const asked: Asked = { at: Date.now(), estimatedCostUsd: question.estimatedCostUsd };
  return {
    result: inputRequired({
      inputRequests: {
        [costQuestionKey]: inputRequired.elicit({
          mode: "form",
          message: questionText(question),
          requestedSchema: choiceSchema(question),
        }),
      },
      requestState: JSON.stringify(asked),
    }),
  };
}

/**
 * An answer sooner than this after the question was asked came from the client itself: no person reads
 * the question and chooses that fast. Headless agents (`claude -p`, `codex exec`) answer in milliseconds;
 * the margin is for a busy server, which may read an instant answer a second or two late.
 */
export const automaticAnswerMs = 3000;

/** When the question was asked and the estimate it named, carried through the client in `requestState`. */
interface Asked {
  at: number;
  estimatedCostUsd: number;
}

/** The question's `Asked`, from the state the client echoed; undefined when it sent none or a bad one. */
function askedOf(state: unknown): Asked | undefined {
  if (typeof state !== "string" || state.length > 200) return undefined;
  try {
    const { at, estimatedCostUsd } = JSON.parse(state) as Partial<Asked>;
    const fine = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
    return fine(at) && fine(estimatedCostUsd) && estimatedCostUsd >= 0 ? { at, estimatedCostUsd } : undefined;
  } catch {
    return undefined;
  }
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

/**
 * The result of a call nobody confirmed. It says truthfully who answered: a person (declined or
 * dismissed), the client itself (an answer faster than a person can read: `automaticAnswerMs`), or,
 * when the client did not echo when it was asked, either; and how to go on.
 */
function declined(
  action: "accept" | "decline" | "cancel",
  asked: Asked | undefined,
  log: (message: string) => void,
): CallToolResult {
  const waitedMs = asked ? Date.now() - asked.at : undefined;
  const automatic = waitedMs !== undefined && waitedMs >= 0 && waitedMs < automaticAnswerMs;
  const how = action === "cancel" ? "dismissed the question" : "declined";
  const who = automatic
    ? `Your MCP client answered the cost question itself (${action}, ${waitedMs} ms after it was asked), without showing it to anyone, as headless agents such as "claude -p" and "codex exec" do`
    : asked
      ? `You ${how}`
      : `The cost question was ${action === "cancel" ? "dismissed" : "declined"} (by you or by your MCP client)`;
  const cap = asked ? `${usd(asked.estimatedCostUsd)} or more` : "the most it may cost";
  return toolFailure(
    new ServiceError(
      "declined",
      `${who}: no model was asked and nothing was charged. To run it, call again with maxCostUsd set to ${cap}: ` +
        "a maxCostUsd is consent to spend up to it, and no question is asked then. Or ask fewer models (a lower " +
        "maxOpinions or a smaller panel). For scripts and CI, the server's operator can turn the question off " +
        "with AI_UNIVERSE_CONFIRM_ABOVE_USD=off.",
      {
        action,
        answeredBy: automatic ? "client" : asked ? "person" : "unknown",
        ...(asked ? { estimatedCostUsd: asked.estimatedCostUsd } : {}),
      },
    ),
    log,
  );
}

/** The result of an answer that named no choice the question offered: no consent, so nothing ran. */
function unanswered(choice: unknown, log: (message: string) => void): CallToolResult {
  const named = typeof choice === "string" ? `"${choice.slice(0, 40)}"` : "no choice";
  return toolFailure(
    new ServiceError(
      "declined",
      `The answer to the cost question named ${named}, which it did not offer: no model was asked and nothing was charged. Call again to be asked again, or with a maxCostUsd to run it without the question.`,
      { action: "accept", answeredBy: "unknown" },
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
