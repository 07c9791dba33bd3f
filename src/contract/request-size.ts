// The largest request any front end takes: a question with the most attachments allowed, in base64,
// with room to spare. HTTP bodies and stdio lines above it are refused before they are parsed.

/** Bytes of the largest request body or stdio message: 16 MiB. */
export const maxRequestBytes = 16 * 1024 * 1024;
