// One whole (not streamed) answer of a model, asked of its provider directly: the provider's
// `doGenerate` (the AI SDK's language model spec), with the prompt, call options, tools and usage made
// by the AI SDK's own functions (`ai/internal`), as generateText makes its one step. What generateText
// adds around that step serves its agent loop (steps, tool approval, telemetry events and spans, retries,
// result objects), which a consultation does not use: retried-call.ts retries and times a call itself.
// It cost about 50 µs of CPU a call and held about 17 KB a call while the provider answered, five calls a
// consultation. test/consultation/whole-answer.test.ts holds the two equal on every vendor's wire protocol.

import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Content } from "@ai-sdk/provider";
import { generateId, withUserAgentSuffix } from "@ai-sdk/provider-utils";
import { type LanguageModelUsage, type ModelMessage, NoOutputGeneratedError, type OutputInterface } from "ai";
import {
  asLanguageModelUsage,
  convertToLanguageModelPrompt,
  prepareLanguageModelCallOptions,
  prepareToolChoice,
  prepareTools,
  resolveLanguageModel,
  standardizePrompt,
} from "ai/internal";
import aiPackage from "ai/package.json" with { type: "json" };
import type { ProviderCallSettings } from "../../providers/call-settings.ts";

/** What one whole answer is asked with. */
export interface WholeAnswerRequest {
  model: LanguageModelV4;
  instructions: string;
  messages: ModelMessage[];
  maxOutputTokens: number;
  settings?: ProviderCallSettings;
  abortSignal: AbortSignal;
  /** The structured output asked for; absent: text. */
  output?: OutputInterface;
}

/** A source the answer cites, as the provider gave it. */
export type AnswerSource = Extract<LanguageModelV4Content, { type: "source" }>;

/** What came back: what generateText's result would hold for the same call. */
export interface WholeAnswer {
  text: string;
  usage: LanguageModelUsage;
  sources: AnswerSource[];
  /** The parsed and checked structured output, when one was asked for. */
  output?: unknown;
  /** The content's parts, as generateText's one step holds them. */
  content: LanguageModelV4Content[];
  providerMetadata?: Record<string, Record<string, unknown> | undefined> | undefined;
}

/** The user agent generateText sends: the provider adds its own part. */
const userAgent = withUserAgentSuffix({}, `ai/${aiPackage.version}`);

/** Asks `request.model` for a whole answer. Errors are the provider's and the AI SDK's own. */
export async function askWholeAnswer(request: WholeAnswerRequest): Promise<WholeAnswer> {
  const { abortSignal, output, settings } = request;
  // A model of an older spec is adapted, as generateText adapts it.
  const model = resolveLanguageModel(request.model);
  const prompt = await standardizePrompt({ instructions: request.instructions, messages: request.messages });
  const promptMessages = await convertToLanguageModelPrompt({
    prompt,
    supportedUrls: await model.supportedUrls,
    download: undefined,
    abortSignal,
    provider: model.provider.split(".")[0] as string,
  });
  const responseFormat = output ? await output.responseFormat : undefined;
  const options: LanguageModelV4CallOptions = {
    ...prepareLanguageModelCallOptions({
      maxOutputTokens: request.maxOutputTokens,
      ...(settings?.reasoning ? { reasoning: settings.reasoning } : {}),
    }),
    tools: await prepareTools({ tools: settings?.tools }),
    toolChoice: prepareToolChoice({ toolChoice: undefined }),
    responseFormat,
    prompt: promptMessages,
    providerOptions: settings?.providerOptions,
    abortSignal,
    headers: { ...userAgent },
  };
  const result = await model.doGenerate(options);
  const text = textOf(result.content);
  // As generateText totals its steps' usage: the vendor's raw usage only when there is one.
  const { raw, ...counts } = asLanguageModelUsage(result.usage);
  const usage: LanguageModelUsage = raw == null ? counts : { ...counts, raw };
  const answer: WholeAnswer = {
    text,
    usage,
    sources: result.content.filter((part): part is AnswerSource => part.type === "source"),
    content: result.content,
    providerMetadata: result.providerMetadata,
  };
  if (!output) return answer;
  const finishReason = result.finishReason.unified;
  if (finishReason !== "stop" && (finishReason === "tool-calls" || text.length === 0))
    throw new NoOutputGeneratedError();
  const response = {
    id: result.response?.id ?? generateId(),
    timestamp: result.response?.timestamp ?? new Date(),
    modelId: result.response?.modelId ?? model.modelId,
  };
  const outputText = responseFormat?.type === "json" ? (result.structuredOutputText ?? text) : text;
  answer.output = await output.parseCompleteOutput({ text: outputText }, { response, usage, finishReason });
  return answer;
}

/** The text parts of `content`, joined. */
function textOf(content: LanguageModelV4Content[]): string {
  let text = "";
  for (const part of content) if (part.type === "text") text += part.text;
  return text;
}
