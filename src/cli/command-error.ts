// The error of a command line that cannot be run.

/** A command line that cannot be run; the message says what to type instead. */
export class CommandLineError extends Error {
  constructor(message: string, topic?: string) {
    super(`${message} Run "ai-universe ${topic ? `${topic} ` : ""}--help" for usage.`);
    this.name = "CommandLineError";
  }
}
