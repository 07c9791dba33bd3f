// What the HTTP routes use of the running program, each route the narrow part it needs: health reads the
// store's health, the roster and the version; the web API the use cases the page calls; sign-in and the
// authenticator the access settings. Built once from the runtime, so no handler holds the whole of it.

import type { Application, AuthSettings, Metrics, StoreHealth } from "../application/index.ts";
import type { Runtime, SessionSharing } from "../runtime/runtime.ts";

/** What `GET /health` and `GET /ready` read. */
export interface HealthSources {
  /** Whether the store answers and can be written. */
  storeHealth(): Promise<StoreHealth>;
  /** Why a dropped 2025 stream resumes on this node alone, if it does. */
  streamsDegraded(): string | undefined;
  roster: Runtime["roster"];
  version: string;
}

/** The use cases the web page's JSON API calls, and the settings it answers with. */
export interface WebApiServices {
  application: Pick<
    Application,
    | "modelListing"
    | "usage"
    | "searchConversations"
    | "listConversations"
    | "listEvaluations"
    | "evaluationReport"
    | "readConversationMarkdown"
    | "getHistory"
    | "renameConversation"
    | "deleteConversation"
    | "secondOpinion"
    | "replay"
    | "watchLateOpinions"
  >;
  auth: AuthSettings;
  /** Writes one warning for the operator (scrubbed of every configured secret). */
  log(message: string): void;
}

/** Everything the HTTP server hands its routes, each part narrow. */
export interface HttpServices {
  health: HealthSources;
  webApi: WebApiServices;
  auth: AuthSettings;
  /** The application's account use cases, for the authenticator. */
  accounts: Pick<Application, "identify" | "openWebSession" | "closeWebSession">;
  sessionSharing: SessionSharing;
  metrics: Metrics | undefined;
  /** The operator's log, made at first use. */
  logger(): Runtime["logger"];
  log(message: string): void;
}

/** The narrow services of `runtime`. */
export function httpServicesOf(runtime: Runtime): HttpServices {
  const { application, configuration } = runtime;
  const log = (message: string) => runtime.log(message);
  return {
    health: {
      storeHealth: () => application.health(),
      streamsDegraded: () => runtime.sessionSharing.events.degradedReason(),
      roster: runtime.roster,
      version: runtime.version,
    },
    webApi: {
      application,
      auth: configuration.auth,
      log,
    },
    auth: configuration.auth,
    accounts: application,
    sessionSharing: runtime.sessionSharing,
    metrics: runtime.metrics,
    logger: () => runtime.logger,
    log,
  };
}
