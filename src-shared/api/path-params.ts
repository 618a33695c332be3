import { z } from 'zod';
import { ErrorText } from './errors';
import { GUID_PATTERN, LIMITS } from './inputs';
import { backupName } from './backups';
import { isDraftId } from './draft';
import type { PathParam, Refusal } from './route-contract';

/** The path parameters of the routes (api/routes.ts): what each segment must be, and how a wrong one is refused. */

const lower = (s: string): string => s.toLowerCase();

/** A GUID as it was sent (any case; given lowercased); any other segment is refused as `refusal` says. */
export const guidParam = (code: number, text: string): PathParam<string, Refusal> => ({
  schema: z.lazy(() => z.string().regex(GUID_PATTERN, 'must be a GUID').transform(lower)),
  refusal: { code, text },
});

/**
 * A post's GUID, any case, spaces around it ignored. A segment that is none names no post: the handler gets
 * null and answers as for a post it cannot find, in the route's words, after what it checks first.
 */
export const postGuidParam: PathParam<string, null> = {
  schema: z.lazy(() => z.string().trim().regex(GUID_PATTERN, 'must be the GUID of a post').transform(lower)),
  refusal: null,
};

/** A legacy post id that is not one. */
export const notAPostId: Refusal = { code: 400, text: 'The post id must be a whole number' };

/**
 * A legacy post's numeric id (section 4.1), spaces around it ignored: refused at once, or (null) by the
 * handler after what it checks first.
 */
export const postIdParam = <R extends Refusal | null>(refusal: R): PathParam<number, R> => ({
  schema: z.lazy(() =>
    z
      .string()
      .trim()
      .regex(/^\d{1,15}$/, 'must be the numeric id of a post')
      .transform(Number),
  ),
  refusal,
});

/** A legacy account (a Persona) by its numeric id; an id that cannot be one is an unknown account. */
export const accountIdParam: PathParam<number, Refusal> = {
  schema: z.lazy(() =>
    z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,14}$/, 'must be the numeric id of an account')
      .transform(Number),
  ),
  refusal: { code: 404, text: ErrorText.invalidAccount },
};

/** `handle@host` and the `#guid` that sync adds when a second author of one host takes a handle (sync/store-pulled.ts). */
const ADDRESS_CHARS = LIMITS.handleChars + 1 + 253 + 1 + LIMITS.guidChars;

/**
 * A Persona's handle, `handle@host` or GUID, with or without a leading `@` (given without it). One that
 * cannot name a Persona (blank, or longer than any address) is a Persona not known here.
 */
export const personaNameParam: PathParam<string, Refusal> = {
  schema: z.lazy(() =>
    z
      .string()
      .transform((s) => s.replace(/^@/, ''))
      .refine(
        (s) => s.trim() !== '' && s.length <= ADDRESS_CHARS,
        `must be a handle, handle@host or GUID of at most ${ADDRESS_CHARS} characters`,
      ),
  ),
  refusal: { code: 404, text: ErrorText.unknownPersona },
};

/**
 * An outbox item's number as the status lists it: digits from 1, no sign, no leading zero. Another way of
 * writing a number (`0x1`, `1e0`, ` 1`) names no item, rather than one the person did not mean.
 */
export const outboxSeqParam: PathParam<number, Refusal> = {
  schema: z.lazy(() =>
    z
      .string()
      .regex(/^[1-9]\d{0,14}$/, 'must be the number of an outbox item')
      .transform(Number),
  ),
  refusal: { code: 404, text: ErrorText.unknownOutboxItem },
};

/** A backup by its name (api/backups.ts); anything else, a path or `..`, is a backup not known here. */
export const backupNameParam: PathParam<string, Refusal> = {
  schema: backupName,
  refusal: { code: 404, text: ErrorText.unknownBackup },
};

/** A draft by its id (api/draft.ts); anything else is a draft not known here. */
export const draftIdParam: PathParam<string, Refusal> = {
  schema: z.lazy(() => z.string().refine(isDraftId, 'must be the id of a draft')),
  refusal: { code: 404, text: ErrorText.unknownDraft },
};
