/**
 * The one `Result` type of the code base: an operation that can fail returns its value or an error as data,
 * never throws for an expected failure. `E` defaults to a message fit for the UI.
 */
export type Result<T = void, E = string> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { readonly ok: true; readonly value: T };
export function ok(): { readonly ok: true; readonly value: undefined };
export function ok<T>(value?: T): { readonly ok: true; readonly value: T | undefined } {
  return { ok: true, value };
}

export function err<E>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}

/** For the `default` branch of an exhaustive switch: the compiler proves it unreachable. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
