// What the web page's JSON API (/api) answers besides the use cases' own results: who is signed in,
// the models as the page lists them, and the end of an answer's late opinions.

import { z } from "zod";
import { listingOf } from "./models.ts";

/** `GET /api/me`: whether the page is signed in, how this server knows its callers, and as whom. */
export const signedInState = z.object({
  signedIn: z.boolean(),
  authMode: z.enum(["none", "api-key", "oauth"]),
  userId: z.string().optional(),
  tier: z.string().optional(),
});
export type SignedInState = z.infer<typeof signedInState>;

/** `/api/session` after a sign-in (with the new session's end, an ISO time) or a sign-out. */
export const sessionChange = z.object({
  signedIn: z.boolean(),
  userId: z.string().optional(),
  tier: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type SessionChange = z.infer<typeof sessionChange>;

/** A model the page may offer: an available one, with its price per million tokens (null: unknown). */
export const pageModel = z.object({
  name: z.string(),
  displayName: z.string(),
  provider: z.string(),
  inputPricePerMillion: z.number().nullable(),
  outputPricePerMillion: z.number().nullable(),
  /** The vendor retires the model soon. */
  deprecated: z.boolean(),
  webSearch: z.boolean(),
  /** Files besides text the model reads: "image", "pdf". */
  reads: z.array(z.string()),
});
export type PageModel = z.infer<typeof pageModel>;

/** `GET /api/models`. */
export const pageModelListing = listingOf(pageModel);
export type PageModelListing = z.infer<typeof pageModelListing>;

/** The last event of `GET /api/answers/{id}/late-opinions`: the models whose opinion will never come. */
export const lateOpinionsEnd = z.object({ unlanded: z.array(z.string()) });
export type LateOpinionsEnd = z.infer<typeof lateOpinionsEnd>;
