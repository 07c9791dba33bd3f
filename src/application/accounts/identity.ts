// What a credential proves: a verified caller, or why it proves none. Front ends hand the application
// the credential a request carries (an API key, an OAuth access token, a web session's id) and get
// one of these back; they never read the accounts themselves.

import type { Caller } from "../caller.ts";

/** A verified caller, with what the credential that proved it says. */
export interface Identity {
  caller: Caller;
  /** The API key's public id, or the OAuth client of the token ("" when it names none). */
  credentialId: string;
  /** When the credential stops proving it, in epoch seconds; absent when it does not end. */
  expiresAt?: number;
}

/** An identity, or why the credential proves none (a sentence for the person, without the credential). */
export type Identification = { identity: Identity } | { refusal: string };

/** A credential to identify: a bearer key or token, or the id of a web session. */
export type Credential =
  | {
      bearer: string;
      /**
       * Where clients reach this server's MCP endpoint: the audience an OAuth token must name when
       * the configuration names none.
       */
      resource: string;
    }
  | { session: string };
