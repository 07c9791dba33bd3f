// The account use cases: who a credential proves the caller is (API key, OAuth token or web session),
// the web page's sessions, and the key administration of `ai-universe keys`. Light on purpose: a
// front end checks every request with `identify`, and `keys` should not wait for the model code.

import { type AuthSettings, defaultTiers, type Tier } from "../../configuration/access.ts";
import type { AccountStore } from "../../store/accounts.ts";
import type { WebSessionStore } from "../../store/web-sessions.ts";
import { configuredTier, createCallerIdentification } from "./caller-identification.ts";
import type { Credential, Identification, Identity } from "./identity.ts";
import { createKeyAdministration, type KeyAdministration } from "./key-administration.ts";
import { createWebSessions } from "./web-sessions.ts";

export type { Credential, Identification, Identity } from "./identity.ts";
export type { ApiKeySummary } from "./key-administration.ts";

/**
 * The account use cases. `identify` and the web sessions serve every caller; the key administration
 * is the operator's (the `keys` and `usage` commands, run where the database is), so it takes no caller.
 */
export interface AccountUseCases extends KeyAdministration {
  /** The verified caller a credential proves, or why it proves none. */
  identify(credential: Credential): Promise<Identification>;
  /** Opens a web session for a verified identity: its id (for the cookie) and when it ends (epoch ms). */
  openWebSession(identity: Identity): Promise<{ id: string; expiresAt: number }>;
  /** Ends the web session `id` (nothing when it had already ended). */
  closeWebSession(id: string): Promise<void>;
}

/** How callers prove who they are, and the tiers they may be in. */
export interface AccessSettings {
  auth: AuthSettings;
  tiers: Readonly<Record<string, Tier>>;
}

/** A server without accounts: the one local user, the built-in tiers. */
export const noAccounts: AccessSettings = { auth: { mode: "none", trustProxy: false }, tiers: defaultTiers };

/** What the account use cases read and write, and how callers prove who they are. */
export interface AccountSources extends AccessSettings {
  keys: AccountStore;
  webSessions: WebSessionStore;
  /** The clock (a test moves it). */
  clock: () => Date;
}

/** Builds the account use cases. */
export function createAccountUseCases(sources: AccountSources): AccountUseCases {
  const { auth, tiers, keys, clock } = sources;
  const tierOf = configuredTier(tiers);
  const sessions = createWebSessions(
    sources.webSessions,
    keys,
    auth.mode,
    (stored) => tierOf(stored),
    () => clock().getTime(),
  );
  return {
    ...createKeyAdministration(keys, tiers, clock),
    identify: createCallerIdentification(auth, tiers, keys, sessions),
    openWebSession: (identity) => sessions.open(identity),
    closeWebSession: (id) => sessions.close(id),
  };
}
