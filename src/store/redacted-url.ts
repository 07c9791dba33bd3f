// A database or Redis URL fit for a message: the password replaced, so no error or log line leaks it.

/** `url` with its password shown as `***` (or a note when it cannot be parsed). */
export function redactedUrl(url: string, kind: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return `(an unparsable ${kind} URL)`;
  }
}
