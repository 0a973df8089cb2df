/** For failures shown without detail or not at all: what failed, and the message only. */
export function logFailure(what: string, error: unknown): void {
  console.error(`${what} failed:`, error instanceof Error ? error.message : error);
}
