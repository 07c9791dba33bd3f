// What one question may carry: how many files and how many bytes. The engine checks attachments
// against these, the MCP input schema advertises them, and the terminal and the web page check
// files before sending, all from this one place.

/** What one request may attach. */
export const attachmentLimits = {
  files: 10,
  /** Decoded bytes of one file. */
  fileBytes: 5 * 1024 * 1024,
  /** Decoded bytes of all files of one request. */
  totalBytes: 10 * 1024 * 1024,
} as const;
