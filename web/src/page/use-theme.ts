// The page's theme (follow the system, light or dark), kept in localStorage and on the document.

import { useEffect, useState } from "react";

/** The theme chosen: "auto" follows the system. */
export type Theme = "auto" | "light" | "dark";

/** The theme, and a function that moves to the next one (auto, dark, light, auto...). */
export function useTheme(): [Theme, () => void] {
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem("theme") as Theme | null) ?? "auto");
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    localStorage.setItem("theme", theme);
  }, [theme]);
  return [theme, () => setTheme(theme === "auto" ? "dark" : theme === "dark" ? "light" : "auto")];
}
