// The web-sessions port: who signed in to the web page, and until when. The browser's
// cookie carries a random session id; only its SHA-256 is stored, so a copy of the database opens no
// session. A session ends when its time runs out or at sign-out (its row is deleted), on every node.

/** A signed-in web page. */
export interface WebSessionRecord {
  /** Hex SHA-256 of the session id the cookie carries. */
  hash: string;
  userId: string;
  tier: string;
  /**
   * What the person signed in with: an API key's public id (the session ends when the key is revoked),
   * or the OAuth client of the token ("" when it names none).
   */
  credentialId: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds after which the session is over. */
  expiresAt: number;
}

/** Sessions of the web page. */
export interface WebSessionStore {
  /** Stores a new session, and deletes the sessions whose time ran out before it was made. */
  save(record: WebSessionRecord): Promise<void>;
  /** The session whose id hashes to `hash`, unless its time ran out before `now` (epoch milliseconds). */
  find(hash: string, now: number): Promise<WebSessionRecord | undefined>;
  /** Ends the session whose id hashes to `hash`; false when there is none. */
  delete(hash: string): Promise<boolean>;
}
