// Who may call the server and how much: the identity mode (none, api-key, oauth) and the tiers
// (requests per hour and per day, a daily budget in USD, whether models without prices are allowed).
// Read from the config file's `auth` and `tiers` sections and the AI_UNIVERSE_AUTH* variables.

import { z } from "zod";
import { ConfigurationError } from "./configuration-error.ts";

export const authModes = ["none", "api-key", "oauth"] as const;
/** `none`: one local user; `api-key`: keys made with `ai-universe keys`; `oauth`: JWT bearer tokens. */
export type AuthMode = (typeof authModes)[number];

/** How callers prove who they are. */
export interface AuthSettings {
  mode: AuthMode;
  /** This server's public URL (for OAuth: the token audience and the resource metadata). */
  publicUrl?: string;
  /**
   * Whether a proxy in front of the server is trusted to say how the browser reached it
   * (`X-Forwarded-Proto: https` makes the web page's cookie Secure). AI_UNIVERSE_TRUST_PROXY.
   */
  trustProxy: boolean;
  /** The bearer token `GET /metrics` requires (AI_UNIVERSE_METRICS_TOKEN); absent: /metrics is open. */
  metricsToken?: string;
  oauth?: {
    /** The issuer (`iss`) tokens must carry; its JWKS is found through OpenID discovery unless `jwksUrl` is set. */
    issuer: string;
    /** The audience (`aud`) tokens must carry; defaults to the server's public URL of /mcp. */
    audience?: string;
    jwksUrl?: string;
    /** The claim that names the caller's tier; absent or unknown: `user`. */
    tierClaim: string;
  };
}

/** What one tier of callers may do. `null` means no limit. */
export interface Tier {
  requestsPerHour: number | null;
  requestsPerDay: number | null;
  dailyBudgetUsd: number | null;
  /** Whether models without a price (unknown cost) may be consulted. */
  unpricedModels: "allow" | "refuse";
  /**
   * Calls of agent CLIs (Claude Code, Codex, Gemini CLI) a day: a subscription pays for them, not a price
   * per token, so the daily budget cannot count them. `null` or absent: no limit; 0: none.
   */
  agentCliCallsPerDay?: number | null;
}

/** The built-in tiers: `local` is the one user of mode none; the others as in the original service. */
export const defaultTiers: Record<string, Tier> = {
  local: { requestsPerHour: null, requestsPerDay: null, dailyBudgetUsd: null, unpricedModels: "allow" },
  anonymous: {
    requestsPerHour: 5,
    requestsPerDay: null,
    dailyBudgetUsd: 1,
    unpricedModels: "refuse",
    agentCliCallsPerDay: 0,
  },
  user: {
    requestsPerHour: 10,
    requestsPerDay: 20,
    dailyBudgetUsd: 5,
    unpricedModels: "allow",
    agentCliCallsPerDay: 50,
  },
  admin: { requestsPerHour: 1000, requestsPerDay: null, dailyBudgetUsd: null, unpricedModels: "allow" },
};

/** The tier of an API key or token that names none. */
export const defaultTierName = "user";

/**
 * Whether `name` is a tier of `tiers`: an own property only, so `__proto__`, `constructor` and the
 * other names every object inherits are never tiers.
 */
export function isTierName(tiers: Readonly<Record<string, unknown>>, name: string): boolean {
  return Object.hasOwn(tiers, name);
}

const limit = z.number().int().positive().nullable();
export const tierSchema = z
  .object({
    requestsPerHour: limit.optional(),
    requestsPerDay: limit.optional(),
    dailyBudgetUsd: z.number().positive().nullable().optional(),
    unpricedModels: z.enum(["allow", "refuse"]).optional(),
    agentCliCallsPerDay: z.number().int().min(0).nullable().optional(),
  })
  .strict();

export const authSchema = z
  .object({
    mode: z.enum(authModes).optional(),
    publicUrl: z.url().optional(),
    oauth: z
      .object({
        issuer: z.url(),
        audience: z.string().min(1).optional(),
        jwksUrl: z.url().optional(),
        tierClaim: z.string().min(1).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/** The access settings from the config file's sections and the environment. */
export function readAccess(
  file: { auth?: z.infer<typeof authSchema>; tiers?: Record<string, z.infer<typeof tierSchema>> },
  environment: Record<string, string | undefined>,
): { auth: AuthSettings; tiers: Record<string, Tier> } {
  const modeText = environment.AI_UNIVERSE_AUTH?.trim() || file.auth?.mode || "none";
  if (!(authModes as readonly string[]).includes(modeText)) {
    throw new ConfigurationError(`AI_UNIVERSE_AUTH "${modeText}" is not one of: ${authModes.join(", ")}.`);
  }
  const mode = modeText as AuthMode;
  const issuer = environment.AI_UNIVERSE_OAUTH_ISSUER?.trim() || file.auth?.oauth?.issuer;
  const audience = environment.AI_UNIVERSE_OAUTH_AUDIENCE?.trim() || file.auth?.oauth?.audience;
  const jwksUrl = environment.AI_UNIVERSE_OAUTH_JWKS_URL?.trim() || file.auth?.oauth?.jwksUrl;
  const publicUrl = environment.AI_UNIVERSE_PUBLIC_URL?.trim() || file.auth?.publicUrl;
  if (mode === "oauth" && !issuer) {
    throw new ConfigurationError(
      "Auth mode oauth needs the token issuer: set AI_UNIVERSE_OAUTH_ISSUER or auth.oauth.issuer in the config file.",
    );
  }
  const metricsToken = environment.AI_UNIVERSE_METRICS_TOKEN?.trim();
  const auth: AuthSettings = {
    mode,
    ...(publicUrl ? { publicUrl: publicUrl.replace(/\/+$/, "") } : {}),
    trustProxy: switchOf(
      environment,
      "AI_UNIVERSE_TRUST_PROXY",
      "trust X-Forwarded-Proto from a proxy in front",
    ),
    ...(metricsToken ? { metricsToken } : {}),
    ...(issuer
      ? {
          oauth: {
            issuer,
            ...(audience ? { audience } : {}),
            ...(jwksUrl ? { jwksUrl } : {}),
            tierClaim: file.auth?.oauth?.tierClaim ?? "ai_universe_tier",
          },
        }
      : {}),
  };
  const tiers: Record<string, Tier> = { ...defaultTiers };
  for (const [name, tier] of Object.entries(file.tiers ?? {})) {
    const base = (isTierName(tiers, name) ? tiers[name] : undefined) ?? defaultTiers.user;
    tiers[name] = { ...base, ...tier } as Tier;
  }
  return { auth, tiers };
}

/** An on/off environment variable (1, true, on / 0, false, off; unset is off); throws ConfigurationError. */
export function switchOf(
  environment: Record<string, string | undefined>,
  name: string,
  meaning: string,
): boolean {
  const text = environment[name]?.trim().toLowerCase();
  if (!text || ["0", "false", "off"].includes(text)) return false;
  if (["1", "true", "on"].includes(text)) return true;
  throw new ConfigurationError(
    `${name} "${environment[name]?.trim()}" is neither on nor off: set it to 1 to ${meaning}, or 0 (the default) not to.`,
  );
}
