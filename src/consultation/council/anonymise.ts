// Answers shown to a model without their authors: labelled Response A, B, C in an order shuffled
// anew for every reader, so neither a name nor a position can sway a review or a revision. The labels
// map back to the models afterwards. A review shows the same answers twice, the second time in the
// swapped order (every answer in another place, lettered anew), to catch a reviewer swayed by position.

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
  return labelled(shuffled(opinions));
}

/**
 * `opinions` twice: in a fresh random order, then in {@link swappedOrder} of it, each labelled A, B, C...
 * from its first place, so a label never follows an answer from one presentation to the other.
 */
export function anonymiseTwice(opinions: readonly ModelOpinion[]): [Anonymised, Anonymised] {
  const order = shuffled(opinions);
  return [labelled(order), labelled(swappedOrder(order))];
}

/**
 * `items` reversed; with an odd count, the middle item (which reversing leaves in place) then trades
 * places with the first, so every item moves whenever there are two or more.
 */
export function swappedOrder<Item>(items: readonly Item[]): Item[] {
  const reversed = [...items].reverse();
  if (reversed.length % 2 === 1 && reversed.length > 1) {
    const middle = (reversed.length - 1) / 2;
    [reversed[0], reversed[middle]] = [reversed[middle] as Item, reversed[0] as Item];
  }
  return reversed;
}

/** `order` labelled A, B, C... in that order. */
function labelled(order: readonly ModelOpinion[]): Anonymised {
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
