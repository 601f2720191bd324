/**
 * An error that the HTTP layer turns into Algolia's error shape: `{ message, status }` with the same
 * HTTP status code.
 */
export class ApiError extends Error {
  /** HTTP status code (400, 403, 404, ...). */
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** Shorthand for a 400 error. */
export function badRequest(message: string): ApiError {
  return new ApiError(400, message);
}
