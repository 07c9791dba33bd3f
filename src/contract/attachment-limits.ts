// What one question may carry: how many files and how many bytes, and how many pages a PDF may have.
// The engine checks attachments against these, the MCP input schema advertises them, and the terminal
// and the web page check files before sending, all from this one place.

/** What one request may attach. */
export const attachmentLimits = {
  files: 10,
  /** Decoded bytes of one file. */
  fileBytes: 5 * 1024 * 1024,
  /** Decoded bytes of all files of one request. */
  totalBytes: 10 * 1024 * 1024,
  /**
   * Pages of one PDF. Anthropic's models read at most 100 pages a request (Gemini 1,000, OpenAI a
   * file's size rather than its pages): a longer PDF would fail at the strictest vendor of a panel,
   * and each page is reserved at about 3,000 tokens, so 100 pages already reserve 300,000.
   */
  pdfPages: 100,
} as const;
