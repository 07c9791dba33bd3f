// A citation normalised from a provider's sources: what an opinion cites, the synthesis lists, and a
// claim rests on.

import { z } from "zod";

/** A citation normalised from a provider's sources. */
export const citation = z
  .object({ title: z.string(), url: z.string(), snippet: z.string().optional() })
  .meta({ id: "citation" });
