// Where a provider's key and base URL come from, and what was read: the types a vendor's spec names.

/** Where a provider's key and base URL come from. */
export interface ProviderEnvironment {
  keyVariables: readonly string[];
  baseUrlVariable?: string;
}

/** A provider's resolved settings. */
export interface ProviderSettings {
  apiKey?: string;
  baseURL?: string;
}
