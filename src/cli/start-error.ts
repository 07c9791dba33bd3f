// The error of a server that could not start listening, in a file of its own so the command runner
// can recognise it without loading the HTTP server.

/** The server could not start listening; the message says why and what to do. */
export class StartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartError";
  }
}
