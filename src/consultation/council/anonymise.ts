// Answers shown to a model without their authors: labelled Response A, B, C in an order shuffled
// anew for every reader, so neither a name nor a position can sway a review or a revision. The labels
// map back to the models afterwards.

import { randomInt } from "node:crypto";
import type { ModelOpinion } from "../../contract/opinions.ts";

/** Answers under labels, and the way back from a label to its model. */
export interface Anonymised {
  labels: string[];
  /** Markdown: a section per label with its answer. */
  text: string;
  modelOf(label: string): string | undefined;
}

/** `opinions` in a fresh random order, labelled A, B, C... */
export function anonymise(opinions: readonly ModelOpinion[]): Anonymised {
  const order = shuffled(opinions);
  const labels = order.map((_, index) => String.fromCharCode(65 + index));
  const models = new Map(labels.map((label, index) => [label, order[index]?.model ?? ""]));
  return {
    labels,
    text: order.map((opinion, index) => `### Response ${labels[index]}\n\n${opinion.response}`).join("\n\n"),
    modelOf: (label) => models.get(label),
  };
}

/** A copy of `items` in random order (Fisher-Yates). */
function shuffled<Item>(items: readonly Item[]): Item[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [copy[index], copy[other]] = [copy[other] as Item, copy[index] as Item];
  }
  return copy;
}
