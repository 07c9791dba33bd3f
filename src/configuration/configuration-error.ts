// The error of a configuration that cannot be used: a bad config file, variable or reference.

/** A configuration that cannot be used; the message says which file or variable, which field and why. */
export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigurationError";
  }
}
