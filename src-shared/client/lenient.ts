import { z } from 'zod';
import type { RemoteMention } from './remote-post';

/**
 * Tolerant building blocks for what remotes send. The reference implementation writes `false` for absent
 * values, numbers as numeric strings, and one object where a list of one is meant; these accept all of
 * that and hand on one plain shape.
 */

/** `false`, `null`, missing and `''` all mean "no value". */
export const isBlank = (value: unknown): boolean =>
  value === false || value === null || value === undefined || value === '';

export const blankToNull = (value: unknown): unknown => (isBlank(value) ? null : value);

/** A string; a number is taken as its text. */
export const text = z.lazy(() => z.union([z.string(), z.number().transform(String)]));

/** A string that must carry something. */
export const someText = z.lazy(() => text.pipe(z.string().trim().min(1, 'must not be empty')));

/** A string or nothing (`false`, null, missing, empty). */
export const optText = z.lazy(() => z.preprocess(blankToNull, text.nullable()));

/** A finite number, or a numeric string. */
export const num = z.lazy(() =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(?:\.\d+)?$/, 'must be a number')
        .transform(Number),
    ])
    .refine(Number.isFinite, 'must be a finite number'),
);

export const int = z.lazy(() => num.refine(Number.isInteger, 'must be a whole number'));

/** A whole number or nothing. */
export const optInt = z.lazy(() => z.preprocess(blankToNull, int.nullable()));

const TRUE_WORDS = new Set(['1', 'true', 'y', 'yes']);
const FALSE_WORDS = new Set(['0', 'false', 'n', 'no', '']);

/** true/false, 1/0, "1"/"0", "true"/"false", "Y"/"N"; nothing is false. Anything else is an issue. */
export const flag = z.lazy(() =>
  z.preprocess((value) => {
    if (value === null || value === undefined) return false;
    if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : value;
    if (typeof value === 'string') {
      const word = value.trim().toLowerCase();
      return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : value;
    }
    return value;
  }, z.boolean()),
);

/** A list; one object where a list of one is meant is that list; nothing is the empty list. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value): unknown[] => (isBlank(value) ? [] : Array.isArray(value) ? (value as unknown[]) : [value]),
    z.array(item),
  );

/**
 * A list whose unreadable entries are dropped rather than failing what holds them (mentions, writers): a
 * post with one odd mention is still a post.
 */
export const lenientListOf = <T extends z.ZodType>(item: T) =>
  listOf(z.unknown()).transform((entries) =>
    entries.flatMap((entry) => {
      const parsed = item.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
  );

/** The first entry of a list answer, or the answer itself: some answers wrap one object in a list. */
export const unwrapped = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/** A list that must hold something (`message` when it does not), typed so: its first entry is certain. */
export const nonEmptyListOf = <T extends z.ZodType>(item: T, message: string) =>
  listOf(item).transform((list, ctx): [z.output<T>, ...z.output<T>[]] => {
    const [first, ...rest] = list;
    if (first === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return [first, ...rest];
  });

/** One object, or (tolerated) a list whose first entry is it. */
export const firstOf = <T extends z.ZodType>(item: T, message: string) =>
  nonEmptyListOf(item, message).transform(([first]) => first);

/** A handle as remotes write it: the reference prefixes `@` in some answers ("@peer"), never in others. */
export const handleOf = (value: string | null): string => (value ?? '').trim().replace(/^@+/, '');

/** Tags: a list of strings or of `{name}` objects (legacy), or one comma list; blanks dropped. */
export const tagList = z.lazy(() =>
  z
    .preprocess(
      (value) => (typeof value === 'string' ? value.split(',') : value),
      listOf(z.union([text, z.object({ name: text }).transform((tag) => tag.name)])),
    )
    .transform((tags) => tags.map((tag) => tag.trim()).filter((tag) => tag !== '')),
);

/** Unix seconds from a timestamp, or failing that from a date text (ISO 8601 or `YYYY-MM-DD HH:MM:SS`, UTC). */
export function unixOf(unix: number | null, dateText: string | null): number | null {
  if (unix !== null) return unix;
  if (dateText === null) return null;
  const plain = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(dateText.trim());
  const millis = Date.parse(plain ? `${dateText.trim().replace(' ', 'T')}Z` : dateText);
  return Number.isFinite(millis) ? Math.floor(millis / 1000) : null;
}

/** A post's times as either interface gives them: unix seconds, or failing those a date text. */
export const times = {
  publish_unix: optInt,
  publish_at: optText,
  updated_unix: optInt,
  updated_at: optText,
  expires_unix: optInt,
  expires_at: optText,
};

/** Publication is required; an update time defaults to it; an expiry of 0 is no expiry. */
export function timesOf(p: { [K in keyof typeof times]: z.output<(typeof times)[K]> }, ctx: z.RefinementCtx) {
  const publish = unixOf(p.publish_unix, p.publish_at);
  if (publish === null) {
    ctx.addIssue({ code: 'custom', message: 'a post needs publish_unix or publish_at', path: ['publish_unix'] });
    return null;
  }
  const expires = unixOf(p.expires_unix, p.expires_at);
  return {
    publish_unix: publish,
    updated_unix: unixOf(p.updated_unix, p.updated_at) ?? publish,
    expires_unix: expires === 0 ? null : expires,
  };
}

/** Zod issues as short lines: "persona.guid: must not be empty". */
export const issueLines = (error: z.ZodError): string[] =>
  error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message));

/** The same, with a union's issues named as those of each of its members (a union alone says "Invalid input"). */
export const deepIssueLines = (error: z.ZodError): string[] => [
  ...new Set(error.issues.flatMap((issue) => linesOf(issue, []))),
];

function linesOf(issue: z.core.$ZodIssue, at: readonly PropertyKey[]): string[] {
  const path = [...at, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0)
    return issue.errors.flatMap((member) => member.flatMap((inner) => linesOf(inner, path)));
  return [path.length > 0 ? `${path.map(String).join('.')}: ${issue.message}` : issue.message];
}

/*
 * Readers derived from this project's strict answers (src-shared/api): every field of a strict answer gets a
 * reader under the same name, so a field renamed, added or dropped there does not compile in the reader
 * until it follows.
 */

/** What a lenient reader of a strict field gives: the same, null for "not given", any text where words are listed. */
export type Loose<T> = T extends false
  ? null
  : T extends string
    ? string | null
    : T extends number
      ? number | null
      : T extends boolean
        ? boolean | null
        : T extends readonly (infer I)[]
          ? Loose<I>[]
          : T extends object
            ? { [K in keyof T]?: Loose<T[K]> } | null
            : T;

/** A reader for each field of a strict shape, giving what `Loose` allows of it; readers of other names may follow. */
export type ReadersOf<S extends z.ZodRawShape> = { [K in keyof S]: z.ZodType<Loose<z.output<S[K]>>> };

/** A strict schema as it is declared, or as `z.lazy` defers it until it is first used (api/answers.ts). */
export type Declared<T extends z.ZodType> = T | z.ZodLazy<T>;

/** The shape of a strict object, declared or deferred. */
export type ShapeOf<T> =
  T extends z.ZodLazy<infer O extends z.ZodObject> ? O['shape'] : T extends z.ZodObject ? T['shape'] : never;

const declared = <T extends z.ZodType>(schema: Declared<T>): T =>
  schema instanceof z.ZodLazy ? schema.unwrap() : schema;

/** The strict object, every field replaced by its lenient reader (extra keys stripped rather than refused). */
export const leniently = <S extends z.ZodRawShape, R extends ReadersOf<S>>(
  answer: Declared<z.ZodObject<S>>,
  readers: R,
) => z.object(declared(answer).shape).extend(readers);

/** The object a strict `orFalse(...)` answer holds when it holds one. */
export const held = <T extends z.ZodObject>(answer: Declared<z.ZodUnion<readonly [T, z.ZodLiteral<false>]>>): T =>
  declared(answer).options[0];

/** An object that may be missing or blank altogether: read as `empty` then. */
export const orEmpty = <T extends z.ZodType>(reader: T, empty: z.output<T>) =>
  z.preprocess((v) => (isBlank(v) ? {} : v), reader).catch(empty);

/** An object that may be missing or blank altogether: null then, and null when it cannot be read. */
export const orNull = <T extends z.ZodType>(reader: T) => z.preprocess(blankToNull, reader.nullable()).catch(null);

/** A field the client has no use for: whatever a remote sends there is read as nothing. */
export const unused = z.lazy(() => z.preprocess(() => null, z.null()));

/** The names a server may give a mentioned Persona, as a reader of either interface reads them. */
interface MentionNames {
  guid?: string | null;
  as?: string | null;
  username?: string | null;
  name?: string | null;
}

/**
 * A mentioned Persona from whichever of its names a server sends: a GUID or a handle is enough. The handle
 * is `as`, or `username` (legacy), or `name` (a legacy mention's, and the reference's `@handle`).
 */
export const mentionFrom = <T extends z.ZodType<MentionNames>>(names: T) =>
  names
    .transform((m): RemoteMention => ({ guid: m.guid ?? '', as: handleOf(m.as ?? m.username ?? m.name ?? null) }))
    .refine((m) => m.guid !== '' || m.as !== '', 'a mention needs a GUID or a handle');
