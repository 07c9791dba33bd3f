// A whole answer replayed as a model's stream, word by word, for the models that answer without a
// network (the simulated models, and the tests' fake models): what streamText expects of a provider.

import type {
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
} from "@ai-sdk/provider";

/** `result` (its text, sources, finish reason and usage) as a stream of parts. */
export function streamOf(
  result: Pick<LanguageModelV4GenerateResult, "content" | "finishReason" | "usage">,
): LanguageModelV4StreamResult {
  const text = result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
  const parts: LanguageModelV4StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "text" },
    ...(text.match(/\s*\S+/g) ?? [text]).map((delta) => ({ type: "text-delta" as const, id: "text", delta })),
    { type: "text-end", id: "text" },
    ...result.content.filter((part) => part.type === "source"),
    { type: "finish", finishReason: result.finishReason, usage: result.usage },
  ];
  return {
    stream: new ReadableStream<LanguageModelV4StreamPart>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    }),
  };
}
