// The telemetry a front end takes from the runtime, which wraps it around the application: the metrics'
// type (served by `/metrics`) and each request's context (its id and user, on every log line of it).

export type { Metrics } from "../observability/metrics.ts";
export { type RequestContext, requestContext } from "../observability/request-context.ts";
