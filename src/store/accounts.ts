// The accounts port: API keys, of which only the hash of the secret part is stored. Backends keep
// them in the same database as the conversations, so every node sees a new or revoked key at once.

/** A stored API key. The key itself is never stored: only `hash`, the SHA-256 of its secret part. */
export interface ApiKeyRecord {
  /** The public part of the key, shown by `keys list` and used to revoke it. */
  id: string;
  userId: string;
  tier: string;
  /** Hex SHA-256 of the secret part. */
  hash: string;
  createdAt: string;
  revokedAt: string | null;
}

/** API keys. */
export interface AccountStore {
  /** Stores a new key, not revoked (`record.revokedAt` is ignored); rejects a public id already used. */
  saveKey(record: ApiKeyRecord): Promise<void>;
  /** The key with this public id, revoked or not; undefined when there is none. */
  findKey(id: string): Promise<ApiKeyRecord | undefined>;
  /** Every key, newest first. */
  listKeys(): Promise<ApiKeyRecord[]>;
  /** Marks the key revoked at `at`; false when there is no such key or it already was. */
  revokeKey(id: string, at: string): Promise<boolean>;
}
