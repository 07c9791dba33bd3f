// Runs the provider simulator standalone, for manual demos and benchmarks in a child process:
// `node test/simulator/main.ts [--port N] [--host H]`. Prints the URL on the first line, then the
// environment variables that point the product at it, and runs until killed.

import { parseArgs } from "node:util";
import { startProviderSimulator } from "./provider-simulator.ts";

const { values } = parseArgs({
  options: { port: { type: "string", default: "0" }, host: { type: "string", default: "127.0.0.1" } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`Invalid --port ${values.port}\n`);
  process.exit(2);
}

const simulator = await startProviderSimulator({ port, host: values.host });
const { url } = simulator;
const environment = {
  OPENAI_BASE_URL: `${url}/openai/v1`,
  OPENAI_API_KEY: "simulated",
  ANTHROPIC_BASE_URL: `${url}/anthropic/v1`,
  ANTHROPIC_API_KEY: "simulated",
  GOOGLE_GENERATIVE_AI_BASE_URL: `${url}/google/v1beta`,
  GOOGLE_GENERATIVE_AI_API_KEY: "simulated",
  XAI_BASE_URL: `${url}/xai/v1`,
  XAI_API_KEY: "simulated",
  CEREBRAS_BASE_URL: `${url}/cerebras/v1`,
  CEREBRAS_API_KEY: "simulated",
  PERPLEXITY_BASE_URL: `${url}/perplexity`,
  PERPLEXITY_API_KEY: "simulated",
  OPENROUTER_BASE_URL: `${url}/openrouter/api/v1`,
  OPENROUTER_API_KEY: "simulated",
  OLLAMA_BASE_URL: `${url}/ollama/v1`,
};
process.stdout.write(
  [
    `Provider simulator listening on ${url}`,
    "Point the product at it with:",
    ...Object.entries(environment).map(([name, value]) => `export ${name}=${value}`),
    `Script it with POST ${url}/__simulator/behaviour {"model": "...", "behaviour": {...}} or {"default": {...}};`,
    `read the log with GET ${url}/__simulator/requests; clear both with POST ${url}/__simulator/reset.`,
    "",
  ].join("\n"),
);

const stop = () => {
  simulator.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
