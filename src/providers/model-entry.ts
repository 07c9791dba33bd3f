// The shape of one model the product can consult, whether it comes from the built-in catalog,
// the config file, or a local endpoint discovered at start.

import type { ModelFields } from "./model-fields.ts";
import { type VendorId, vendorIds } from "./vendors.ts";

/** Provider kinds the model factory knows how to reach: the vendors of the registry (src/providers/vendors.ts). */
export const providerKinds = vendorIds;

export type ProviderKind = VendorId;

/** The output cap of a model that does not set its own. */
export const defaultMaxOutputTokens = 8192;

/** The most tokens one answer of `entry` may have. */
export function outputCapOf(entry: { maxOutputTokens?: number }): number {
  return entry.maxOutputTokens ?? defaultMaxOutputTokens;
}

export {
  type AttachmentKind,
  attachmentKinds,
  type ReasoningLevel,
  reasoningLevels,
} from "./model-fields.ts";

/** One consultable model: its fields and its vendor. */
export interface ModelEntry extends ModelFields {
  provider: ProviderKind;
}
