// Where a local Ollama answers: its default address and its OpenAI-compatible API's URL. Apart from
// the model factory so that finding the models at start (model-roster.ts) loads no provider code.

/** The default Ollama endpoint, used when OLLAMA_BASE_URL is not set. */
export const defaultOllamaUrl = "http://127.0.0.1:11434";

/** Ollama serves its OpenAI-compatible API under /v1; accept the server root or the /v1 URL. */
export function ollamaApiUrl(baseURL: string): string {
  const trimmed = baseURL.replace(/\/+$/, "");
  return trimmed.endsWith("/v1") ? trimmed : `${trimmed}/v1`;
}
