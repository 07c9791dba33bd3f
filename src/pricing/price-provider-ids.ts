// The price database's provider id for each provider kind this program reaches: how a vendor is found
// in the price data, and which vendors a price data file must have.

/** The price database's provider id for each provider kind the product reaches; others have none. */
export const priceProviderIds: Record<string, string> = {
  openai: "openai",
  anthropic: "anthropic",
  google: "google",
  xai: "x-ai",
  cerebras: "cerebras",
  perplexity: "perplexity",
  openrouter: "openrouter",
};
