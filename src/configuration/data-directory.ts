// Where conversations live by default: the per-user data directory of the operating system, so every
// MCP client and every working directory share one history.

import { homedir } from "node:os";
import { join } from "node:path";

/** The default SQLite file: `<data directory>/ai-universe/ai-universe.db`. */
export function defaultDatabasePath(
  environment: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
  home: string = environment.HOME?.trim() || homedir(),
): string {
  return join(dataDirectory(environment, platform, home), "ai-universe", "ai-universe.db");
}

/** XDG_DATA_HOME (or ~/.local/share) on Linux and BSD, Application Support on macOS, LOCALAPPDATA on Windows. */
function dataDirectory(
  environment: Record<string, string | undefined>,
  platform: NodeJS.Platform,
  home: string,
): string {
  if (platform === "win32") return environment.LOCALAPPDATA?.trim() || join(home, "AppData", "Local");
  if (platform === "darwin") return join(home, "Library", "Application Support");
  return environment.XDG_DATA_HOME?.trim() || join(home, ".local", "share");
}
