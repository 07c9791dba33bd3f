// Mounts the council panel in the frame its MCP Apps host made for it, with the web page's styles and
// the panel's own few. Not in StrictMode: its doubled effects would open two connections to the host.

import { createRoot } from "react-dom/client";
import { CouncilPanel } from "./CouncilPanel.tsx";
import "../styles.css";
import "./panel.css";

createRoot(document.getElementById("root") as HTMLElement).render(<CouncilPanel />);
