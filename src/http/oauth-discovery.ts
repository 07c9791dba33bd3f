// What a client that tries OAuth gets. In mode oauth: /mcp's protected resource metadata (RFC 9728),
// naming the token issuer. In mode api-key there is nothing to sign in with, yet clients such as
// mcp-remote answer a 401 by looking for OAuth metadata and registering themselves (RFC 7591), and
// all they show the user when that fails is what the server said. So the metadata documents answer
// 404 and the registration endpoint 400 `invalid_client_metadata`, each with an `error_description`
// that says to send an API key and how. Nothing a client sends is ever repeated back.

import type { IncomingMessage } from "node:http";
import type { AuthMode } from "../application/index.ts";
import { type Authenticator, resourceMetadataPath } from "./authentication.ts";
import { sendJson } from "./http-responses.ts";
import type { HttpRoute } from "./http-router.ts";

/** How to reach a server in mode api-key: who makes a key, and how to send it (with mcp-remote too). */
export const apiKeyAdvice =
  "This server does not use OAuth: it takes an API key. Ask its administrator for one (made with: " +
  "ai-universe keys create --user <you>) and send it as the header Authorization: Bearer <key>. " +
  // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote itself expands ${...} in a --header.
  'With mcp-remote, add the arguments --header "Authorization:Bearer ${AI_UNIVERSE_API_KEY}" and set ' +
  "AI_UNIVERSE_API_KEY in its environment.";

/** The discovery documents an OAuth client looks for (RFC 9728, RFC 8414, OpenID Connect Discovery). */
const metadataPrefixes = [
  resourceMetadataPath,
  "/.well-known/oauth-authorization-server",
  "/.well-known/openid-configuration",
];

/** Whether `path` is one of the places a client looks for OAuth metadata, before or after /mcp. */
function isMetadataPath(path: string): boolean {
  return (
    metadataPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) ||
    path.endsWith("/.well-known/openid-configuration")
  );
}

/** The route table's entries for OAuth discovery and registration in `mode`. */
export function oauthDiscoveryRoutes(
  mode: AuthMode,
  authenticator: Pick<Authenticator, "identify" | "resourceMetadata">,
): HttpRoute[] {
  if (mode === "api-key")
    return [
      {
        path: isMetadataPath,
        handle: ({ response }) =>
          sendJson(response, 404, { error: "not_found", error_description: apiKeyAdvice }),
      },
      {
        path: "/register",
        handle: async ({ request, response }) => {
          request.resume();
          const description = await registrationRefusal(request, authenticator);
          sendJson(response, 400, { error: "invalid_client_metadata", error_description: description });
        },
      },
    ];
  return [
    {
      path: (path) => path === resourceMetadataPath || path === `${resourceMetadataPath}/mcp`,
      handle: ({ response }) => {
        const metadata = authenticator.resourceMetadata();
        if (metadata) sendJson(response, 200, metadata);
        else sendJson(response, 404, { error: "not_found", message: "This server does not use OAuth." });
      },
    },
  ];
}

/**
 * Why registering cannot help, starting with what is wrong with the key the client sent along (mcp-remote
 * sends its --header on every request), checked like any other but never repeated.
 */
async function registrationRefusal(
  request: IncomingMessage,
  authenticator: Pick<Authenticator, "identify">,
): Promise<string> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
  if (!token) return `No API key was sent. ${apiKeyAdvice}`;
  const identity = await authenticator.identify(token).catch(() => undefined);
  if (!identity) return apiKeyAdvice;
  if ("refusal" in identity)
    return `The API key sent was refused: it is not valid or was revoked. ${apiKeyAdvice}`;
  return `The API key sent is valid: send it with every request to /mcp. ${apiKeyAdvice}`;
}
