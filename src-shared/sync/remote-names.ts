import { HANDLE_PATTERN, LIMITS } from '../api/inputs';
import { PERSONA_NAME_CHARS } from '../store/row-schemas';
import { firstChars } from '../util/chars';

/**
 * A remote's handle as a handle here can be (api/inputs.ts HANDLE_PATTERN): kept when it is one; else each
 * run of characters a handle cannot hold becomes `_`, what may not start or end one is taken off the ends,
 * and it is cut to the length a handle has. The handle names an author in links (`/@handle@host`) and in
 * file names of an archive, so it holds nothing else, whatever a remote sends.
 */
export function handleHere(handle: string): string {
  if (HANDLE_PATTERN.test(handle)) return handle;
  const trim = (s: string) => s.replace(/^[._-]+|[._-]+$/g, '');
  const made = trim(firstChars(trim(handle.replace(/[^A-Za-z0-9_.-]+/g, '_')), LIMITS.handleChars));
  return made === '' ? 'someone' : made;
}

/** A remote's name for a Persona or a Channel, at most as long as a row may hold (row-schemas.ts). */
export const nameHere = (name: string): string => firstChars(name.trim(), PERSONA_NAME_CHARS);
