// The council panel an MCP Apps host shows with agent.second_opinion's answer: the question, then the
// answer as the web page shows it (Result: the synthesis first with the agreement meter and verdict,
// the review ranking and debate rounds, sources as links, each opinion with its model, latency, tokens
// and cost), following the host's theme and style variables. Models still answering when the answer was
// given fill in their places as their opinions land (use-late-opinions.ts). Links open through the host:
// the panel itself never leaves its frame.

import { type App, useApp, useHostStyles } from "@modelcontextprotocol/ext-apps/react";
import { type MouseEvent, useState } from "react";
import type { SecondOpinionOutput } from "../../../src/contract/consultation-results.ts";
import { fullSecondOpinion } from "../../../src/contract/result-detail.ts";
import type { SecondOpinionResult } from "../api.ts";
import { Result } from "../components/Result.tsx";
import { useLateOpinions } from "./use-late-opinions.ts";

/** Opens http(s) links through the host (a sandboxed frame may not open windows); keeps every link in place. */
function openLinksThroughHost(app: App | null) {
  return (event: MouseEvent) => {
    const link = (event.target as Element).closest("a[href]");
    if (!link) return;
    event.preventDefault();
    const url = link.getAttribute("href") ?? "";
    if (app && /^https?:\/\//i.test(url)) void app.openLink({ url });
  };
}

export function CouncilPanel() {
  const [question, setQuestion] = useState<string>();
  const [result, setResult] = useState<SecondOpinionResult>();
  const [failure, setFailure] = useState("");
  const { app, error } = useApp({
    appInfo: { name: "ai-universe-council-panel", version: "1.0.0" },
    capabilities: {},
    onAppCreated: (created) => {
      created.ontoolinput = ({ arguments: input }) => {
        if (typeof input?.question === "string") setQuestion(input.question);
      };
      created.ontoolresult = (answer) => {
        if (answer.isError || !answer.structuredContent) {
          setFailure(answer.content.map((block) => ("text" in block ? block.text : "")).join(" "));
        } else {
          setFailure("");
          setResult(fullSecondOpinion(answer.structuredContent as unknown as SecondOpinionOutput));
        }
      };
      created.ontoolcancelled = () => setFailure("The question was cancelled before the council answered.");
    },
  });
  useHostStyles(app, app?.getHostContext());
  const late = useLateOpinions(app, result);
  const shown = late.turn ?? result;
  const pending = shown?.pendingModels ?? [];
  return (
    <main className="council-panel" onClickCapture={openLinksThroughHost(app)}>
      <h1 className="visually-hidden">AI Universe council</h1>
      {question && (
        <p className="question">
          <strong>Q:</strong> {question}
        </p>
      )}
      {(failure || error) && (
        <p role="alert" className="error">
          {failure || `The panel could not reach its host: ${error?.message}`}
        </p>
      )}
      {shown ? (
        <Result result={shown} />
      ) : (
        !failure && (
          <p role="status" className="meta">
            Waiting for the council's answer…
          </p>
        )
      )}
      {pending.length > 0 && (
        <p className="late-look">
          <button type="button" className="small" disabled={late.looking} onClick={late.lookNow}>
            Look for late opinions now
          </button>{" "}
          <span className="meta" role="status">
            {late.note}
          </span>
        </p>
      )}
    </main>
  );
}
