/**
 * Request variables as both sides see them. They come as a query string, a form body or a JSON body, and
 * every one of them reaches the service as a string (service/params.ts), so that its routes' input schemas
 * (inputs.ts and the like) read one kind of value; the desk client checks what it sends with the same
 * schemas, on the same strings (client/desk-call.ts).
 */

/** Bodies of variables larger than this are refused before they are read in full. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A value a variable may be given as: a scalar, or a list of them (tags may be sent either way). */
export type VariableValue = string | number | boolean | null | readonly (string | number)[];

/**
 * A variable's text: JSON scalars as strings, a list of scalars as a comma list; null (no value) is left
 * out, and anything else is undefined: not a variable.
 */
export function variableText(value: unknown): string | null | undefined {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return value.join(',');
  }
  return undefined;
}
