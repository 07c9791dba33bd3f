// The family map: which vendor's model family a model belongs to, decided from its model id (the same
// Llama answers whether Cerebras, Ollama or OpenRouter serves it; gpt-oss on Cerebras is OpenAI's),
// else from its provider, else the model is a family of its own. Models of one family share training
// data and blind spots, so their agreement is weaker evidence than agreement across families: the
// synthesis is told each model's family, and the family-weighted agreement counts a family as one voice.
// docs/council.md ("Model families") lists the same map.

import type { Assessment } from "../../contract/opinions.ts";
import type { ModelEntry } from "../../providers/model-entry.ts";
import { findVendor } from "../../providers/vendors.ts";

/** A model family: a stable id and the name people know it by; `known` false for a model of its own. */
export interface ModelFamily {
  id: string;
  name: string;
  known: boolean;
}

/**
 * The rules, first match wins. `ids` is tried on the model id without its `vendor/` prefix (OpenRouter's
 * "meta-llama/llama-3.3-70b") or `:tag` (Ollama's "qwen2.5:7b"), lowercased; `owners` on that prefix.
 */
const familyRules: readonly (Omit<ModelFamily, "known"> & { ids: RegExp; owners: readonly string[] })[] = [
  {
    id: "openai",
    name: "OpenAI GPT",
    ids: /^(?:gpt|chatgpt|o\d+(?:-|$)|codex)/,
    owners: ["openai"],
  },
  { id: "anthropic", name: "Anthropic Claude", ids: /^claude/, owners: ["anthropic"] },
  { id: "google", name: "Google Gemini", ids: /^(?:gemini|gemma|learnlm|palm)/, owners: ["google"] },
  { id: "xai", name: "xAI Grok", ids: /^grok/, owners: ["x-ai", "xai"] },
  { id: "meta", name: "Meta Llama", ids: /^(?:meta-)?(?:code)?llama/, owners: ["meta-llama", "meta"] },
  {
    id: "mistral",
    name: "Mistral",
    ids: /^(?:mistral|mixtral|codestral|magistral|ministral|devstral|pixtral|voxtral)/,
    owners: ["mistralai", "mistral"],
  },
  { id: "qwen", name: "Alibaba Qwen", ids: /^(?:qwen|qwq|qvq)/, owners: ["qwen", "alibaba"] },
  // Perplexity's r1-1776 is DeepSeek R1 post-trained.
  { id: "deepseek", name: "DeepSeek", ids: /^(?:deepseek|r1-1776)/, owners: ["deepseek", "deepseek-ai"] },
  { id: "perplexity", name: "Perplexity Sonar", ids: /^(?:sonar|pplx)/, owners: ["perplexity"] },
  { id: "moonshot", name: "Moonshot Kimi", ids: /^(?:kimi|moonshot)/, owners: ["moonshotai"] },
  { id: "zhipu", name: "Zhipu GLM", ids: /^(?:chat)?glm/, owners: ["z-ai", "zhipuai", "thudm"] },
  { id: "microsoft", name: "Microsoft Phi", ids: /^phi-?\d/, owners: ["microsoft"] },
  { id: "cohere", name: "Cohere Command", ids: /^(?:command|c4ai)/, owners: ["cohere", "cohereforai"] },
  { id: "amazon", name: "Amazon Nova", ids: /^nova-/, owners: ["amazon"] },
];

/**
 * The family of `entry`: by its model id, else by its provider when that provider serves only its own
 * models, else a family of its own (id `model:<name>`), so two unknown models are never taken for kin.
 */
export function familyOf(
  entry: Pick<ModelEntry, "name" | "provider" | "modelId" | "displayName">,
): ModelFamily {
  const id = entry.modelId.trim().toLowerCase();
  const slash = id.lastIndexOf("/");
  const owner = slash >= 0 ? id.slice(0, slash) : "";
  const bare = (slash >= 0 ? id.slice(slash + 1) : id).split(":")[0] ?? "";
  const rule =
    familyRules.find((candidate) => candidate.ids.test(bare)) ??
    familyRules.find((candidate) => owner !== "" && candidate.owners.includes(owner)) ??
    familyRules.find((candidate) => candidate.id === findVendor(entry.provider)?.family);
  return rule
    ? { id: rule.id, name: rule.name, known: true }
    : { id: `model:${entry.name}`, name: entry.displayName, known: false };
}

/** `models` grouped by their family in `families` (a model it lacks is a family of its own), in order. */
export function groupByFamily(
  models: readonly string[],
  families: ReadonlyMap<string, ModelFamily>,
): { family: ModelFamily; models: string[] }[] {
  const groups = new Map<string, { family: ModelFamily; models: string[] }>();
  for (const model of models) {
    const family = families.get(model) ?? { id: `model:${model}`, name: model, known: false };
    const group = groups.get(family.id) ?? { family, models: [] };
    group.models.push(model);
    groups.set(family.id, group);
  }
  return [...groups.values()];
}

/**
 * The family-weighted agreement of `positions` (the synthesis's grouping of the models by their bottom
 * line) over the models that answered, grouped by family: each family is one voice, shared equally by
 * its models, and the score is the share of voices holding the most-held answer. A model no position
 * names holds none. Undefined when there is no position or no model answered.
 */
export function familyAgreement(
  positions: readonly { answer: string; models: readonly string[] }[],
  groups: readonly { family: ModelFamily; models: readonly string[] }[],
): Assessment["familyAgreement"] {
  if (positions.length === 0 || groups.length === 0) return undefined;
  const voice = new Map(
    groups.flatMap((group) => group.models.map((model) => [model, 1 / group.models.length] as const)),
  );
  const placed = new Set<string>();
  const held = positions.map((position) => {
    let voices = 0;
    for (const label of position.models) {
      const model = modelOfLabel(label, [...voice.keys()]);
      if (model === undefined || placed.has(model)) continue;
      placed.add(model);
      voices += voice.get(model) ?? 0;
    }
    return { answer: position.answer, voices };
  });
  const top = held.reduce((best, position) => (position.voices > best.voices ? position : best));
  return {
    score: Math.round((top.voices / groups.length) * 1000) / 1000,
    answer: top.answer,
    families: groups.map((group) => ({ family: group.family.name, models: [...group.models] })),
  };
}

/** The model a label names: "gemini", "1. gemini" or "gemini (Gemini 3.1 Pro)", in any case. */
function modelOfLabel(label: string, models: readonly string[]): string | undefined {
  const plain = label
    .trim()
    .toLowerCase()
    .replace(/^\d+\.\s*/, "")
    .replace(/\s*\(.*\)$/, "");
  return models.find((model) => model.toLowerCase() === plain);
}
