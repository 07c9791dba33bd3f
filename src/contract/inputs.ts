// One input schema per use case. The application validates every raw input against these, and MCP
// advertises them as the tools' input schemas, so a limit is written once for every front end.

import { z } from "zod";
import { attachmentLimits } from "./attachment-limits.ts";
import { consultationStrategies, defaultAdaptiveAgreement } from "./consultation-strategies.ts";
import { cleanTitle } from "./conversation-title.ts";
import { limits } from "./limits.ts";
import { reasoningLevels } from "./reasoning-levels.ts";
import { resultDetails } from "./result-detail.ts";

/** Messages returned when no limit is given. */
export const defaultHistoryPageSize = 50;
/** Conversations returned when no limit is given. */
export const defaultListPageSize = 50;
/** Hits returned when no limit is given. */
export const defaultSearchLimit = 20;

const modelName = z.string().min(1).max(100);

const conversationId = z.string().min(1).max(100);

/** An optional whole number from `min` to `max`. */
const wholeNumber = (min: number, max: number) => z.number().int().min(min).max(max).optional();

const title = z
  .string()
  .overwrite(cleanTitle)
  .min(1)
  .max(limits.titleCharacters)
  .describe(
    "Title of a new conversation, or a new title for the one being continued. Default: the first question.",
  );

const maxCostUsd = z
  .number()
  .positive()
  .max(1000)
  .describe(
    "Most this call may cost, in USD. Estimated before any model is called (prompt size, each model's output cap, catalog prices): models that would exceed it are left out, and a call that cannot fit is refused with the estimate. Giving it is consent to spend up to it: a server that asks before a costly call does not ask then.",
  );

const idempotencyKey = z
  .string()
  .min(1)
  .max(limits.idempotencyKeyCharacters)
  .describe(
    "Any unique string (e.g. a UUID) for this request. A retry with the same key returns the first result without asking the models again.",
  );

const cursor = z.string().max(500).describe("nextCursor of the previous page; omit for the first page.");

/** Base64 characters of the largest file one attachment may hold. */
const base64Characters = Math.ceil(attachmentLimits.fileBytes / 3) * 4;

const mediaType = z.string().min(3).max(100);

/** An attached file: its bytes in base64, or an MCP embedded resource (text or blob). */
const attachment = z.union([
  z.strictObject({
    name: z.string().trim().min(1).max(200).describe("The file name, e.g. diagram.png."),
    mediaType: mediaType.describe("e.g. image/png, image/jpeg, application/pdf, text/plain."),
    data: z.string().min(1).max(base64Characters).describe("The file's bytes, base64-encoded."),
  }),
  z.strictObject({
    type: z.literal("resource"),
    resource: z.strictObject({
      uri: z.string().min(1).max(2000),
      mimeType: mediaType,
      blob: z.string().min(1).max(base64Characters).optional(),
      text: z.string().min(1).max(attachmentLimits.fileBytes).optional(),
    }),
  }),
]);

/** What a consultation may ask of the models beyond the question; shared by calls and panels. */
export const reasoningSetting = z
  .enum(reasoningLevels)
  .describe(
    "How hard reasoning models think before answering: off, low, medium or high (OpenAI reasoning effort, Anthropic thinking budget, Gemini thinking level, xAI reasoning). Default: the panel's, else each model's, else the vendor's. Reasoning tokens are reported and priced; the thinking itself is never returned.",
  );

/** Input of the second-opinion use case (`agent.second_opinion`). */
export const secondOpinionInput = z.strictObject({
  question: z
    .string()
    .min(1)
    .max(limits.questionCharacters)
    .describe(
      `The question, with all the context the models need (at most ${limits.questionCharacters} characters).`,
    ),
  panel: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe(
      'A named panel, e.g. "fast" (cheap, quick models), "deep" (the strongest) or "research" (web search); the models tool lists them with their models, availability and price. It sets the primary, secondaries, synthesis model and maxOpinions; those given here win.',
    ),
  primaryModel: modelName
    .optional()
    .describe('Short name of the primary model, e.g. "claude". Default: the first available.'),
  secondaryModels: z
    .array(modelName)
    .max(limits.maxOpinions)
    .optional()
    .describe("Short names of the secondary models. Default: available models from other vendors."),
  maxOpinions: wholeNumber(0, limits.maxOpinions).describe(
    `How many secondary opinions (0 = primary only, no synthesis). Default 3, at most ${limits.maxOpinions}.`,
  ),
  synthesisModel: modelName
    .optional()
    .describe("Short name of the model that writes the synthesis. Default: the primary."),
  review: z
    .boolean()
    .optional()
    .describe(
      "Council review: after the opinions, every model ranks the others' answers, anonymised, with a reason each, twice in swapped orders (review.reviews[].consistency says how far its two rankings agree; an inconsistent reviewer does not count); the rankings are aggregated (Borda count over both orders) into review.ranking and given to the synthesis. Costs two more calls per model, in parallel.",
    ),
  stances: z
    .record(modelName, z.enum(["for", "against", "neutral"]))
    .optional()
    .describe(
      'For decision questions: the side each model argues, e.g. {"grok": "against"}. A model told a side argues it honestly and says when the evidence is against it.',
    ),
  rounds: wholeNumber(1, limits.debateRounds).describe(
    `Debate rounds (default 1, at most ${limits.debateRounds}): after each round every model sees the others' anonymised answers and may revise; each round is kept. Each round costs one more call per model.`,
  ),
  strategy: z
    .enum([...consultationStrategies, "auto"])
    .optional()
    .describe(
      'How the models are asked. "full" (default): all at once. "adaptive": first the two cheapest models of different families; when they agree (the synthesis\'s agreement score at or above adaptiveAgreement, or for a multiple-choice question the same letter) their synthesis is the answer, else the rest of the panel is asked too (the first two are not asked again) and all are synthesised. The result\'s `adaptive` says which path was taken and why. "auto": chosen per question from your own `ai-universe eval` runs: among one model, the adaptive council and the full council, the most accurate per dollar on the eval category closest to the question, within maxCostUsd; with no eval history, the panel\'s default. The result\'s `strategyChoice` names the choice and its evidence. Default: the panel\'s, else full.',
    ),
  adaptiveAgreement: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe(
      `With strategy "adaptive": the agreement score (0 to 1) at which the first two models settle it. Default: the panel's, else ${defaultAdaptiveAgreement}.`,
    ),
  reasoning: reasoningSetting.optional(),
  webSearch: z
    .boolean()
    .optional()
    .describe(
      "Let every model search the web with its vendor's own search (OpenAI and xAI web search, Anthropic web search, Google Search grounding, OpenRouter's web plugin; Perplexity always searches). Citations come back per model; search fees are in the cost. A model that cannot search says so in its opinion. Default: the panel's setting, else off.",
    ),
  attachments: z
    .array(attachment)
    .max(attachmentLimits.files)
    .optional()
    .describe(
      `Files for the models to read: images (PNG, JPEG, GIF, WebP), PDFs and text files, each as {name, mediaType, data (base64)} or an MCP embedded resource. At most ${attachmentLimits.files} files, ${attachmentLimits.fileBytes / 1048576} MiB each, ${attachmentLimits.totalBytes / 1048576} MiB in all, a PDF at most ${attachmentLimits.pdfPages} pages. A model that cannot read a file answers without it and says so.`,
    ),
  answerWithinSeconds: wholeNumber(5, 3600).describe(
    "Answer within this many seconds: then the synthesis is written from the opinions in hand, the result names the models still running (pendingModels), and their opinions are added to this conversation when they land (conversation.get-history shows them). Default: the full wait, or a little under 60 s for a caller that sends no progress token or is known to give up at 60 s.",
  ),
  hostAnswer: z
    .strictObject({
      text: z
        .string()
        .trim()
        .min(1, "your own answer is empty; write it there, or leave hostAnswer out")
        .max(limits.questionCharacters, `longer than ${limits.questionCharacters} characters; shorten it`)
        .describe("Your answer to the question, in Markdown."),
      model: modelName
        .optional()
        .describe('The model you are, e.g. "claude-opus-4-5"; shown with the answer.'),
    })
    .optional()
    .describe(
      "Your own answer, written before you call, without looking at the others: it joins the council as one more opinion (reviewed anonymously, counted in the agreement and votes, given to the synthesis), costs nothing, and is marked host: true in the result.",
    ),
  workspace: z
    .string()
    .trim()
    .min(1)
    .max(4096)
    .optional()
    .describe(
      "A folder on the server's machine that the agent CLI panelists (codex, claude-code, gemini-cli, copilot) run in and may read, never write, e.g. to review a repository; models reached by API ignore it. Refused unless the server's operator allows folders under it (AI_UNIVERSE_AGENT_CLI_WORKSPACES). Default: an empty folder.",
    ),
  conversationId: conversationId
    .optional()
    .describe("Continue this conversation (its earlier turns become context). Omit to start a new one."),
  title: title.optional(),
  maxCostUsd: maxCostUsd.optional(),
  idempotencyKey: idempotencyKey.optional(),
  detail: z
    .enum(resultDetails)
    .optional()
    .describe(
      'How much the result carries. "compact" (default): the summary, the assessment and the synthesis first, then each opinion once. "full": also the stored answer message and its metadata, which repeat every opinion (conversation.get-history returns them too).',
    ),
});

/** The second-opinion input as a caller writes it, before validation. */
export type SecondOpinionInput = z.input<typeof secondOpinionInput>;

/** Input of the send-message use case (`conversation.send-message`). */
export const sendMessageInput = z.strictObject({
  content: z
    .string()
    .min(1)
    .max(limits.questionCharacters)
    .describe(`The message to send (at most ${limits.questionCharacters} characters).`),
  conversationId: conversationId.optional().describe("Continue this conversation; omit to start a new one."),
  model: modelName.optional().describe("Short name of the model to ask. Default: the default primary."),
  title: title.optional(),
  maxCostUsd: maxCostUsd.optional(),
  idempotencyKey: idempotencyKey.optional(),
});

/** Input of the history use case (`conversation.get-history`). */
export const historyInput = z.strictObject({
  conversationId: conversationId.describe("The conversation, as returned by agent.second_opinion."),
  limit: wholeNumber(1, limits.historyPageSize).describe(
    `Messages per page (default ${defaultHistoryPageSize}, at most ${limits.historyPageSize}).`,
  ),
  cursor: cursor.optional(),
  latest: z
    .boolean()
    .optional()
    .describe(
      "true: the last page, the newest `limit` messages (a turn just answered is there), instead of the first. Not with cursor.",
    ),
});

/** Input of the list use case (`conversation.list`). */
export const listInput = z.strictObject({
  limit: wholeNumber(1, limits.listPageSize).describe(
    `Conversations per page (default ${defaultListPageSize}, at most ${limits.listPageSize}).`,
  ),
  cursor: cursor.optional(),
});

/** Input of the use cases on one whole conversation (delete, export, read as Markdown). */
export const conversationInput = z.strictObject({
  conversationId: conversationId.describe("The conversation, as returned by agent.second_opinion."),
});

/** Renaming a conversation. */
export const renameInput = z.strictObject({
  conversationId: conversationId.describe("The conversation to rename."),
  title: title.describe("The new title."),
});

/** `conversation.search`. */
export const searchInput = z.strictObject({
  query: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe("Words to find in your conversations' questions, answers and every model's opinion."),
  limit: wholeNumber(1, 50).describe(
    `Most conversations to return, best match first (default ${defaultSearchLimit}).`,
  ),
});

/** `usage` takes no arguments. */
export const usageInput = z.strictObject({});

/** `models` takes no arguments. */
export const modelsInput = z.strictObject({});

/** Following an answer's late opinions (the web page and the terminal's `ask`). */
export const lateOpinionsInput = z.strictObject({
  messageId: z
    .string()
    .min(1)
    .max(100)
    .describe("The answer's assistantMessageId, as returned by agent.second_opinion."),
});
