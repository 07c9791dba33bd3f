// Where a provider's key and base URL come from, and what was read: the types a vendor's spec names.

/** Where a provider's key and base URL come from. */
export interface ProviderEnvironment {
  keyVariables: readonly string[];
  baseUrlVariable?: string;
  /**
   * The version path the AI SDK package expects at the end of the base URL (e.g. "/v1"), where the
   * vendor's own SDKs take the variable without it: a base URL written either way then works.
   */
  versionPath?: string;
}

/** A provider's resolved settings. */
export interface ProviderSettings {
  apiKey?: string;
  baseURL?: string;
}
