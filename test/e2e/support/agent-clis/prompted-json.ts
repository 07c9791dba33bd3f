// A simulated model's answer to an agent CLI's prompt: a CLI has no structured-output setting, so a call
// that wants JSON (a review, the synthesis' assessment) carries its JSON schema in the prompt's text
// (src/providers/agent-cli/cli-language-model.ts). A model scripted with this answers such a prompt
// with JSON that schema accepts, as a real model following it would (a list of choices, such as a
// review's ranking of every response, names each choice once), and any other prompt as the simulator's
// default does.

import { sampleFromSchema } from "../../../../src/providers/schema-sample.ts";
import type { ModelBehaviour } from "../../../simulator/provider-simulator.ts";

const schemaMarker = "fitting this JSON schema:\n";

/** A behaviour answering a prompt that names a JSON schema with JSON fitting it, else "Answer from …". */
export function promptedJson(): ModelBehaviour {
  return {
    text: ({ lastUserText }) => {
      const answer = `Answer from a CLI's model: ${lastUserText.slice(0, 80)}`;
      const at = lastUserText.lastIndexOf(schemaMarker);
      if (at < 0) return answer;
      const schema = JSON.parse(lastUserText.slice(at + schemaMarker.length).split("\n")[0] ?? "{}");
      // Wrapped as models often do, so the CLI model's reading of the JSON out of an answer is used too.
      return `Here is the JSON:\n\`\`\`json\n${JSON.stringify(sampleFromSchema(everyChoiceOnce(schema), () => answer))}\n\`\`\``;
    },
  };
}

/** `schema` with each array of choices (items with an enum property) asking for one item per choice. */
function everyChoiceOnce(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(everyChoiceOnce);
  if (typeof schema !== "object" || schema === null) return schema;
  const copy: Record<string, unknown> = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, everyChoiceOnce(value)]),
  );
  const items = copy.items as { properties?: Record<string, { enum?: unknown[] }> } | undefined;
  const choices = Object.values(items?.properties ?? {}).find((property) => property.enum)?.enum;
  if (copy.type === "array" && choices && copy.minItems === undefined) copy.minItems = choices.length;
  return copy;
}
