// The application's one face for the front ends (cli/, http/, mcp/, stdio/): everything they may use of
// the program below them, and nothing else. The front-door rule in biome.json lets a front end import this
// file, the contract (src/contract) and the runtime (src/runtime), so a front end that needs more of the
// engine, the configuration, the store or the telemetry adds it here, where a reviewer sees it (and its
// API report, api-report/application.api.md, changes with it).

// The configuration the front ends read: loading it, its errors, its access and naming settings.
export type { AuthMode, AuthSettings } from "../configuration/access.ts";
export type { ToolNameStyle } from "../configuration/config-file.ts";
export { type Configuration, loadConfiguration, seconds } from "../configuration/configuration.ts";
export { ConfigurationError } from "../configuration/configuration-error.ts";
// The evaluation report as a page of its own (`ai-universe eval --html`).
export { evaluationReportHtml } from "../evaluation/report/html-report.ts";
// The telemetry the runtime wraps around the application: the metrics `/metrics` serves, and each
// request's context (its id and user, on every log line of it).
export type { Metrics } from "../observability/metrics.ts";
export { type RequestContext, requestContext } from "../observability/request-context.ts";
// The prices: what `models` and `doctor` show, and their refresh.
export { modelFacts } from "../pricing/price-data.ts";
export { onPriceRefreshFailure, priceDataInfo, startPriceRefresh } from "../pricing/price-source.ts";
// A database that cannot be opened stops a start (exit code 2) rather than failing a request.
export {
  type AgentCliFinding,
  agentCliFindings,
  sharedServerAgentClis,
} from "../providers/agent-cli-statuses.ts";
export { StoreOpenError } from "../store/store-errors.ts";
// The application and its use cases.
export type { Identification, Identity } from "./accounts/account-use-cases.ts";
export type { ConsultationOptions } from "./answer-by.ts";
export type { Application } from "./application.ts";
export { type Caller, callerOfAuth, localCaller, localTier, type VerifiedIdentity } from "./caller.ts";
export { conversationMarkdown, usageLine } from "./conversations/conversation-markdown.ts";
export type { ConsultationTool, CostEstimate, CostQuestion } from "./cost-question.ts";
export { priceDataFor } from "./price-data-view.ts";
export type { ModelCheck, ProviderCheck, ProviderModelCheck, StoreHealth } from "./status-use-cases.ts";
export type { TaskView } from "./tasks/task-use-cases.ts";
