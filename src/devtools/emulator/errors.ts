/**
 * The failures a Bot API method can answer with, shaped like Telegram's `{ ok: false, ... }`.
 */

/** A Bot API error: thrown by method handlers, turned into a JSON error response by the server. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly retryAfter?: number,
  ) {
    super(description);
    this.name = "ApiError";
  }

  /** The response body Telegram would send for this error. */
  toResponse(): ApiErrorResponse {
    const body: ApiErrorResponse = { ok: false, error_code: this.code, description: this.description };
    if (this.retryAfter !== undefined) body.parameters = { retry_after: this.retryAfter };
    return body;
  }
}

/** Telegram's error response body. */
export interface ApiErrorResponse {
  ok: false;
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

/** 400 "Bad Request: <detail>". */
export function badRequest(detail: string): ApiError {
  return new ApiError(400, `Bad Request: ${detail}`);
}

/** 403 "Forbidden: <detail>". */
export function forbidden(detail: string): ApiError {
  return new ApiError(403, `Forbidden: ${detail}`);
}

/** 429 with `retry_after`, exactly as Telegram words it. */
export function tooManyRequests(retryAfter: number): ApiError {
  return new ApiError(429, `Too Many Requests: retry after ${retryAfter}`, retryAfter);
}
