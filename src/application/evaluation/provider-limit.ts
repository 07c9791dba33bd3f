// A cap on the requests an evaluation sends each provider at once, so a large run stays under the
// vendors' rate limits: every model the run's calls build is wrapped so that each request (a whole
// answer, or a stream until it ends or is cancelled) first takes one of its provider's slots, waiting in
// order when all are taken. It sits where every provider request passes, so the council's opinions, its
// review and synthesis, hedged and retried requests, and the judges all count.

import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { LanguageModelFactory } from "../../providers/create-language-model.ts";

/** Slots of one provider: at most `size` taken at once, the waiting served in order. */
class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.#free = size;
  }

  /** Resolves with the function that gives the slot back, once one is free (or at once on abort). */
  take(signal: AbortSignal | undefined): Promise<() => void> {
    let given = false;
    const release = () => {
      if (given) return;
      given = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free += 1;
    };
    if (this.#free > 0) {
      this.#free -= 1;
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener("abort", abandon);
        resolve(release);
      };
      const abandon = () => {
        const place = this.#waiting.indexOf(grant);
        if (place >= 0) this.#waiting.splice(place, 1);
        reject(signal?.reason);
      };
      this.#waiting.push(grant);
      signal?.addEventListener("abort", abandon, { once: true });
    });
  }
}

/** `createModel` with each provider's requests capped at `perProvider` at once. */
export function limitedModels(createModel: LanguageModelFactory, perProvider: number): LanguageModelFactory {
  const slots = new Map<string, Slots>();
  const slotsOf = (provider: string) => {
    const found = slots.get(provider);
    if (found) return found;
    const made = new Slots(perProvider);
    slots.set(provider, made);
    return made;
  };
  const wrapped = new Map<LanguageModelV4, LanguageModelV4>();
  return (entry) => {
    const model = createModel(entry);
    const known = wrapped.get(model);
    if (known) return known;
    const provider = slotsOf(entry.provider);
    const limited: LanguageModelV4 = {
      specificationVersion: model.specificationVersion,
      provider: model.provider,
      modelId: model.modelId,
      supportedUrls: model.supportedUrls,
      async doGenerate(options) {
        const release = await provider.take(options.abortSignal);
        try {
          return await model.doGenerate(options);
        } finally {
          release();
        }
      },
      async doStream(options) {
        const release = await provider.take(options.abortSignal);
        try {
          const result = await model.doStream(options);
          return { ...result, stream: releasedAtEnd(result.stream, release) };
        } catch (error) {
          release();
          throw error;
        }
      },
    };
    wrapped.set(model, limited);
    return limited;
  };
}

/** `stream` as read by its consumer, calling `release` once when it ends, fails or is cancelled. */
function releasedAtEnd<Part>(stream: ReadableStream<Part>, release: () => void): ReadableStream<Part> {
  const reader = stream.getReader();
  return new ReadableStream<Part>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    cancel(reason) {
      release();
      return reader.cancel(reason);
    },
  });
}
