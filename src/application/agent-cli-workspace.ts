// A consultation's workspace: a folder its agent CLI panelists run in and may read (never write), for
// "review my repository" questions; models reached by API ignore it. The terminal's own user names any
// folder (`ask --workspace DIR`); any other caller (an MCP client, the web page, a server's `ask`) only
// one inside the roots the operator allows in AI_UNIVERSE_AGENT_CLI_WORKSPACES, checked on the folder's
// real path so a symbolic link cannot lead out of them. A refusal comes before any model is called.

import { accessSync, constants, realpathSync, statSync } from "node:fs";
import { delimiter, isAbsolute, relative, sep } from "node:path";
import { ServiceError } from "../contract/service-error.ts";
import { inWorkspace } from "../providers/agent-cli/cli-language-model.ts";
import type { CallingClient } from "./answer-by.ts";
import type { ApplicationServices } from "./application-services.ts";

/** The variable naming the folders (joined with ":") under which a caller may name a workspace. */
export const workspaceRootsVariable = "AI_UNIVERSE_AGENT_CLI_WORKSPACES";

/**
 * The real path of the workspace `path` that `client` asks for; throws invalid_argument naming the
 * cause and the fix when it is no readable folder or lies outside the roots `environment` allows.
 */
export function allowedWorkspace(
  path: string,
  client: CallingClient | undefined,
  environment: Record<string, string | undefined>,
): string {
  const real = readableFolder(path);
  if (client?.via === "cli") return real;
  const roots = (environment[workspaceRootsVariable] ?? "")
    .split(delimiter)
    .filter((root) => root.trim())
    .flatMap((root) => {
      try {
        return [realpathSync(root.trim())];
      } catch {
        return [];
      }
    });
  if (roots.length === 0) {
    throw new ServiceError(
      "invalid_argument",
      `workspace is not allowed on this server: its operator has set no ${workspaceRootsVariable}. Leave workspace out, or ask the operator to set ${workspaceRootsVariable}=/folder1:/folder2 to the folders agent CLIs may read.`,
    );
  }
  if (!roots.some((root) => inside(real, root))) {
    throw new ServiceError(
      "invalid_argument",
      `workspace ${path} (really ${real}) is outside the folders this server allows in ${workspaceRootsVariable}. Name a folder inside one of them, or leave workspace out.`,
    );
  }
  return real;
}

/** `services` whose agent CLI models (a subscription pays them) run every call in `workspace`. */
export function inWorkspaceServices(
  services: ApplicationServices,
  workspace: string | undefined,
): ApplicationServices {
  if (!workspace) return services;
  return {
    ...services,
    createModel(entry) {
      const model = services.createModel(entry);
      return entry.billing === "subscription" ? inWorkspace(model, workspace) : model;
    },
  };
}

function readableFolder(path: string): string {
  let real: string;
  try {
    real = realpathSync(path);
    if (!statSync(real).isDirectory()) {
      throw new ServiceError("invalid_argument", `workspace ${path} is not a folder. Name a folder.`);
    }
    accessSync(real, constants.R_OK | constants.X_OK);
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw new ServiceError(
      "invalid_argument",
      `workspace ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? "unreadable"}). Name a folder that exists and that this program may read.`,
    );
  }
  return real;
}

function inside(path: string, root: string): boolean {
  const way = relative(root, path);
  return way === "" || (way !== ".." && !way.startsWith(`..${sep}`) && !isAbsolute(way));
}
