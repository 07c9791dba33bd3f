// The environment variables that point the product's providers at a running simulator.

/** Keys and base URLs of every cloud provider, aimed at the simulator at `url`; keys read `<key>-<provider>`. */
export function simulatorVariables(url: string, key: string): Record<string, string> {
  return {
    OPENAI_API_KEY: `${key}-openai`,
    OPENAI_BASE_URL: `${url}/openai/v1`,
    ANTHROPIC_API_KEY: `${key}-anthropic`,
    ANTHROPIC_BASE_URL: `${url}/anthropic/v1`,
    GEMINI_API_KEY: `${key}-gemini`,
    GOOGLE_GENERATIVE_AI_BASE_URL: `${url}/google/v1beta`,
    XAI_API_KEY: `${key}-xai`,
    XAI_BASE_URL: `${url}/xai/v1`,
    CEREBRAS_API_KEY: `${key}-cerebras`,
    CEREBRAS_BASE_URL: `${url}/cerebras/v1`,
    PERPLEXITY_API_KEY: `${key}-perplexity`,
    PERPLEXITY_BASE_URL: `${url}/perplexity`,
    OPENROUTER_API_KEY: `${key}-openrouter`,
    OPENROUTER_BASE_URL: `${url}/openrouter/api/v1`,
  };
}
