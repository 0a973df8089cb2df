/**
 * A non-success response becomes an error whose message is "status: body", the body
 * falling back to the status text. `serverMessage` keeps the JSON `{ message }` the server sends,
 * for toasts that show it.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function httpErrorFrom(status: number, statusText: string, body: string): HttpError {
  return new HttpError(status, `${status}: ${body || statusText}`, messageOf(body));
}

function messageOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed) {
      const { message } = parsed;
      if (typeof message === 'string' && message !== '') return message;
    }
  } catch {
    // not JSON: no server message to show
  }
  return null;
}
