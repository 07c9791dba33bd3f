// The errors that stop a start rather than fail a request, for the command line to report as such
// (exit code 2): a database, or the Redis of the request counters, that cannot be opened. Kept apart
// from runtime.ts so a command that starts nothing (help, a bad command line) loads none of it.

export { StoreOpenError } from "../store/store-errors.ts";
