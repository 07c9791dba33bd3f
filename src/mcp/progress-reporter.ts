// Sends MCP progress notifications while a consultation runs, so clients that reset their request
// timeout on progress never time out on a long consultation.

import type { ServerContext } from "@modelcontextprotocol/server";
import type { ConsultationEvent } from "../consultation/opinion.ts";

/** Returns an event handler that reports progress, or a no-op when the client sent no progress token. */
export function progressReporter(context: ServerContext): (event: ConsultationEvent) => void {
  const progressToken = context.mcpReq._meta?.progressToken;
  if (progressToken === undefined) return () => {};
  let total = 0;
  let progress = 0;
  return (event) => {
    if (event.type === "consultation-started") total = event.models.length * 2 + (event.synthesis ? 2 : 0);
    else progress += 1;
    total = Math.max(total, progress);
    void context.mcpReq
      .notify({
        method: "notifications/progress",
        params: { progressToken, progress, total, message: describe(event) },
      })
      .catch(() => {});
  };
}

function describe(event: ConsultationEvent): string {
  switch (event.type) {
    case "consultation-started":
      return `asking ${event.models.join(", ")}`;
    case "model-started":
      return `${event.model} (${event.role}) started`;
    case "model-finished":
      return `${event.model} ${event.error ? "failed" : "answered"} in ${(event.latencyMs / 1000).toFixed(1)} s`;
    case "synthesis-started":
      return `synthesis by ${event.model} started`;
    case "synthesis-finished":
      return `synthesis by ${event.model} ${event.error ? "failed" : "finished"}`;
  }
}
