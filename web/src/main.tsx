// Mounts the page: the evaluation runs when the address names them (`#/evaluations...`), the
// conversations otherwise.

import { StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { Evaluations } from "./components/Evaluations.tsx";
import { evaluationInAddress } from "./evaluation-route.ts";
import "./styles.css";

function Root() {
  const [evaluation, setEvaluation] = useState(() => evaluationInAddress());
  useEffect(() => {
    const onChange = () => setEvaluation(evaluationInAddress());
    window.addEventListener("hashchange", onChange);
    return () => window.removeEventListener("hashchange", onChange);
  }, []);
  return evaluation === undefined ? <App /> : <Evaluations runId={evaluation} />;
}

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
