// The page's header: its name, who is signed in (or "local"), the theme switch and signing out.

import type { SignedInState } from "../api.ts";
import type { Theme } from "../page/use-theme.ts";

/** The header; `onSignOut` is offered only where the server has accounts. */
export function TopBar({
  me,
  theme,
  onNextTheme,
  onSignOut,
}: {
  me: SignedInState;
  theme: Theme;
  onNextTheme: () => void;
  onSignOut: () => Promise<void>;
}) {
  return (
    <header className="top">
      <h1>AI Universe</h1>
      <span className="meta">{me.authMode === "none" ? "local" : `${me.userId} (${me.tier})`}</span>
      <button
        type="button"
        className="small"
        aria-label={`Theme: ${theme}, switch theme`}
        onClick={onNextTheme}
      >
        Theme: {theme}
      </button>
      {me.authMode !== "none" && (
        <button type="button" className="small" onClick={onSignOut}>
          Sign out
        </button>
      )}
    </header>
  );
}
