// How `doctor` and `models` say where a key or an endpoint was read, in the same words: the variable, the
// config file entry, and the agent that likely passed it on. An endpoint is shown as its host alone.

import type { KeySource, SettingOrigin } from "../contract/models.ts";

/** Who `source` is about: its provider, or a model with its own key or endpoint and its provider. */
export function keySourceSubject(source: KeySource): string {
  return source.model ? `model ${source.model} (${source.provider})` : source.provider;
}

/**
 * Where `source`'s key and endpoint were read, e.g. "key from ANTHROPIC_API_KEY in the environment, likely
 * passed on by Claude Code; endpoint proxy.example.com from ANTHROPIC_BASE_URL in the environment".
 */
export function keySourceText(source: KeySource): string {
  const parts: string[] = [];
  if (source.key) parts.push(`key from ${originText(source.key)}`);
  if (source.endpoint) parts.push(`endpoint ${source.endpoint.host} from ${originText(source.endpoint)}`);
  return parts.join("; ");
}

function originText(origin: SettingOrigin): string {
  const file = origin.configEntry
    ? `${origin.configEntry} in ${origin.configPath ?? "the config file"}`
    : undefined;
  const place = origin.variable
    ? `${origin.variable} in the environment${file ? ` (named by ${file})` : ""}`
    : (file ?? "the configuration");
  return origin.passedOnBy ? `${place}, likely passed on by ${origin.passedOnBy.agent}` : place;
}
