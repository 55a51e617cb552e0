/**
 * A failure of the domain that the caller can act on. lib/ code throws these
 * (it knows nothing of HTTP); the route layer answers `{error}` with the
 * status of the kind.
 */
export type DomainErrorKind =
  | "invalid" // 400
  | "unauthenticated" // 401
  | "forbidden" // 403
  | "not-found" // 404
  | "conflict" // 409
  | "too-large" // 413
  | "unprocessable" // 422
  | "rate-limited" // 429
  | "upstream" // 502: a program we call (MIDAS, the language model) failed
  | "unavailable"; // 503

/** Marks every DomainError, whichever copy of this module made it (see Symbol.hasInstance below). */
const BRAND = Symbol.for("pontifex.DomainError");

export class DomainError extends Error {
  // server.ts (through tsx) and Next's bundled routes each load their own copy of this module: the worker
  // hasher's "busy" error, made by server.ts's copy, failed the routes' instanceof and answered 500, not 503.
  static [Symbol.hasInstance](value: unknown): boolean {
    // A subclass (none today) keeps the ordinary prototype check.
    if (Object.getPrototypeOf(this) !== Error) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  readonly [BRAND] = true;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Extra fields of the JSON answer, e.g. the current row of a conflict. */
    readonly extra?: Record<string, unknown>,
    /** Seconds after which trying again makes sense (rate limits, full queues). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  unprocessable: 422,
  "rate-limited": 429,
  upstream: 502,
  unavailable: 503,
};
