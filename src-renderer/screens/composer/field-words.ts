import { ErrorText } from '../../../src-shared/api/errors';
import { LIMITS, requiredFor, type WriteInput } from '../../../src-shared/api/inputs';
import { isInstancePostType } from '../../../src-shared/api/vocabulary';
import { POST_TYPE_WORDS } from '../../util/post-type-words';

/** Where the composer shows a problem: beside the field it concerns, or in the summary above the buttons. */
export type Field =
  | 'type'
  | 'text'
  | 'title'
  | 'sourceUrl'
  | 'sourceTitle'
  | 'tags'
  | 'privacy'
  | 'publishAt'
  | 'expiresAt'
  | 'persona'
  | 'channel'
  | 'place'
  | 'latitude'
  | 'longitude'
  | 'altitude'
  | 'canonical'
  | 'slug'
  | 'general';

/** The ways a write variable is refused, as read from the words of the refusal (see `readRefusal`). */
export type Refusal =
  | 'missing'
  | 'tooLong'
  | 'tooMany'
  | 'notWebAddress'
  | 'notNumber'
  | 'outOfRange'
  | 'notDate'
  | 'beforePublish'
  | 'notPath'
  | 'taken'
  | 'badCharacters'
  | 'notOneOf'
  | 'notFound'
  | 'notAllowed'
  | 'invalid';

/** What a refusal said besides its kind: the numbers in it (a limit, a range) and the post's type. */
interface Said {
  numbers: readonly number[];
  /** In a sentence: "a bookmark". */
  aType: string;
}

type Words = string | ((said: Said) => string);

interface FieldWords {
  field: Field;
  /** The field's name on the page. */
  label: string;
  /** `invalid` is said when a refusal of this variable is of a kind not listed. */
  says: Partial<Record<Refusal, Words>> & { invalid: Words };
}

const range = (what: string, example: string): FieldWords['says'] => ({
  notNumber: `Give the ${what} as a number, such as ${example}.`,
  outOfRange: ({ numbers: [min, max] }) =>
    `The ${what} must be between ${(min ?? 0).toLocaleString()} and ${(max ?? 0).toLocaleString()}.`,
  invalid: `Give the ${what} as a number, such as ${example}, or leave it empty.`,
});

const atMost =
  (what: string, limit: number) =>
  ({ numbers }: Said) =>
    `${what} is too long: at most ${(numbers[0] ?? limit).toLocaleString()} characters.`;

/**
 * Each variable of the write, by its name in the write input (and so in the service's refusals): the
 * composer field that shows it, that field's name, and what is said for each way it is refused. Typed by
 * the input schema: a variable added there has no words until it is given some here.
 */
export const WRITE_FIELDS: Record<keyof WriteInput, FieldWords> = {
  content: {
    field: 'text',
    label: 'Text',
    says: {
      missing: 'Write some text: every post needs it.',
      tooLong: atMost('The text', LIMITS.textChars),
      invalid: 'This text could not be published as it is.',
    },
  },
  post_type: {
    field: 'type',
    label: 'Kind of post',
    says: {
      missing: 'Choose the kind of post.',
      notOneOf: 'Choose a note, an article, a bookmark or a quotation.',
      invalid: 'Choose the kind of post again.',
    },
  },
  source_url: {
    field: 'sourceUrl',
    label: 'Source address',
    says: {
      missing: ({ aType }) => `Give the web address of the page ${aType} is about.`,
      notWebAddress: 'Give a full web address that starts with https:// (or http://), without spaces.',
      invalid: 'Give a full web address that starts with https://.',
    },
  },
  source_title: {
    field: 'sourceTitle',
    label: 'Source title',
    says: {
      missing: ({ aType }) => `Give the title of the page ${aType} is about.`,
      invalid: 'Give the title of the page as text.',
    },
  },
  guid: {
    field: 'general',
    label: 'Post',
    says: {
      notFound: 'The post being changed is no longer here: it may have been deleted.',
      notAllowed: 'This post is not yours to change.',
      invalid: 'The post being changed could not be found.',
    },
  },
  channel_guid: {
    field: 'channel',
    label: 'Channel',
    says: {
      notAllowed: 'This Persona may not write to that Channel: choose another.',
      invalid: 'Choose a Channel from the list.',
    },
  },
  persona_guid: {
    field: 'persona',
    label: 'Persona',
    says: { invalid: 'Choose a Persona from the list.' },
  },
  title: {
    field: 'title',
    label: 'Title',
    says: { tooLong: atMost('The title', LIMITS.titleChars), invalid: 'Give the title as plain text.' },
  },
  canonical_url: {
    field: 'canonical',
    label: 'Address path',
    says: {
      notPath:
        'Give a path that starts with /, such as /notes/hello: no domain, and no spaces, quotes or angle brackets.',
      taken: 'Another post already has this address: choose another path, or leave it empty.',
      invalid: 'Give a path that starts with /, such as /notes/hello, or leave it empty.',
    },
  },
  reply_to: {
    field: 'general',
    label: 'Reply',
    says: {
      notAllowed: 'A post cannot answer itself or one of its own replies.',
      invalid: 'The post this answers could not be found: it may have been deleted.',
    },
  },
  post_slug: {
    field: 'slug',
    label: 'Slug',
    says: {
      badCharacters: 'Use only letters, digits, "-", "_", "." and "~" in the slug (no spaces).',
      tooLong: 'The slug is too long: at most 255 characters.',
      invalid: 'Use only letters, digits, "-", "_", "." and "~" in the slug.',
    },
  },
  post_privacy: {
    field: 'privacy',
    label: 'Privacy',
    says: { invalid: 'Choose who may read the post from the list.' },
  },
  publish_at: {
    field: 'publishAt',
    label: 'Publish at',
    says: {
      notDate: 'Give a date and time to publish at, or leave it empty to publish now.',
      invalid: 'Give a date and time to publish at, or leave it empty.',
    },
  },
  expires_at: {
    field: 'expiresAt',
    label: 'Expires at',
    says: {
      notDate: 'Give a date and time for the post to expire, or leave it empty.',
      beforePublish: 'A post must expire after it is published: choose a later time, or leave it empty.',
      invalid: 'Give a date and time for the post to expire, or leave it empty.',
    },
  },
  tags: {
    field: 'tags',
    label: 'Tags',
    says: {
      missing: 'Leave no empty tag between two commas.',
      tooLong: ({ numbers }) =>
        `A tag is too long: at most ${(numbers[0] ?? LIMITS.tagChars).toLocaleString()} characters each.`,
      tooMany: ({ numbers }) =>
        `Too many tags: a post has at most ${(numbers[0] ?? LIMITS.tagsPerPost).toLocaleString()}.`,
      invalid: 'Write tags as words with a comma between them.',
    },
  },
  geo_longitude: { field: 'longitude', label: 'Longitude', says: range('longitude', '-9.14') },
  geo_latitude: { field: 'latitude', label: 'Latitude', says: range('latitude', '38.72') },
  geo_altitude: { field: 'altitude', label: 'Altitude', says: range('altitude in metres', '12') },
  geo_description: {
    field: 'place',
    label: 'Place',
    says: { tooLong: atMost('The place', LIMITS.geoDescriptionChars), invalid: 'Describe the place in words.' },
  },
};

type Variable = keyof WriteInput;
const VARIABLES = Object.keys(WRITE_FIELDS) as Variable[];
const isVariable = (name: string): name is Variable => Object.hasOwn(WRITE_FIELDS, name);

/** Whole texts of the service (section 7 and its own) that name no variable, by what they concern. */
const WHOLE_TEXTS = new Map<string, [Variable, Refusal]>([
  [ErrorText.supplySomeText, ['content', 'missing']],
  [ErrorText.noTextToPost, ['content', 'missing']],
  [ErrorText.expireBeforePublish, ['expires_at', 'beforePublish']],
  [ErrorText.invalidPersona, ['persona_guid', 'invalid']],
  [ErrorText.invalidChannel, ['channel_guid', 'invalid']],
  [ErrorText.noChannelPermission, ['channel_guid', 'notAllowed']],
  [ErrorText.invalidPostIdentifier, ['guid', 'notFound']],
  [ErrorText.notOwner, ['guid', 'notAllowed']],
]);

/** The kind of a refusal, from its words after the variable's name; the first that matches. */
const KINDS: [RegExp, Refusal][] = [
  [/\bis required\b|must not be empty|\bempty\b/i, 'missing'],
  [/\balready\b/i, 'taken'],
  [/must be after|before it is published/i, 'beforePublish'],
  [/\bat most \d[\d,]* tags\b/i, 'tooMany'],
  [/\bat most\b|\blonger than\b|\btoo long\b/i, 'tooLong'],
  [/must be between\b/i, 'outOfRange'],
  [/must be a (?:finite )?number\b/i, 'notNumber'],
  [/must be a (?:date|unix)|\bunix\b/i, 'notDate'],
  [/must be a path\b/i, 'notPath'],
  [/\bhttp\(s\) URL\b|\bURL\b/i, 'notWebAddress'],
  [/\bmay hold\b/i, 'badCharacters'],
  [/must be one of\b/i, 'notOneOf'],
  [/must not be this post\b|\bcannot\b|\bnot own\b/i, 'notAllowed'],
];

/** A refusal line taken apart: the variable it concerns (null when none is known) and its kind. */
export interface ReadRefusal {
  variable: Variable | null;
  refusal: Refusal;
  numbers: number[];
  /** The line as it came, at most a few hundred characters of it. */
  line: string;
}

/** A line from a remote is hostile: this much of it is read and, for an unknown variable, shown. */
const LINE_CHARS = 300;

/**
 * Reads a refusal: the service's ("source_url is required for post.bookmark"), the client's before sending
 * (with the variable first: "source_url: source_url must be an http(s) URL") or another remote's.
 */
export function readRefusal(raw: string): ReadRefusal {
  const line = raw.slice(0, LINE_CHARS).trim();
  const whole = WHOLE_TEXTS.get(line);
  if (whole) return { variable: whole[0], refusal: whole[1], numbers: [], line };
  const prefix = /^([a-z_][a-z0-9_]*)(?:\.[a-z0-9_]+)*: /i.exec(line);
  const unprefixed = prefix ? line.slice(prefix[0].length) : line;
  const first = (prefix?.[1] ?? /^([a-z][a-z_]*)\b/i.exec(unprefixed)?.[1] ?? '').toLowerCase();
  const leading = isVariable(first) ? first : null;
  // A tag's own problems name no variable ("a tag must …", 'tag "…" is longer than'); others may name theirs anywhere.
  const variable =
    leading ??
    (/^(?:a )?tag\b|\btags\b/i.test(unprefixed)
      ? 'tags'
      : (VARIABLES.find((name) => new RegExp(`\\b${name}\\b`).test(unprefixed)) ?? null));
  const named = leading !== null && !prefix ? unprefixed.slice(leading.length) : unprefixed;
  // Quoted parts are values the person typed: their digits are no limit.
  const rest = named.replace(/"[^"]*"/g, '""');
  const refusal = KINDS.find(([pattern]) => pattern.test(rest))?.[1] ?? 'invalid';
  const numbers = [...rest.matchAll(/-?\d[\d,]*(?:\.\d+)?/g)]
    .map((m) => Number(m[0].replace(/,/g, '')))
    .filter(Number.isFinite);
  return { variable, refusal, numbers, line };
}

/** "a bookmark", "an article": a type in a sentence. */
export const aType = (type: string): string => {
  const word = isInstancePostType(type) ? POST_TYPE_WORDS[type].one.toLowerCase() : 'a post';
  return isInstancePostType(type) ? `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}` : word;
};

/** Words for a line that names no variable the composer knows: its own, with names made into words. */
function readable(line: string): string {
  const words = line
    .replace(/\b([a-z]+(?:_[a-z]+)+)\b/gi, (name) => name.replace(/_/g, ' '))
    .replace(/\bpost\.([a-z]+)\b/gi, '$1');
  const sentence = words.charAt(0).toUpperCase() + words.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** One refusal in plain words, and the field it belongs beside, for a post of `type`. */
export function plainProblem(raw: string, type: string): { field: Field; words: string; refusal: Refusal } {
  const read = readRefusal(raw);
  if (read.variable === null)
    return {
      field: 'general',
      words: read.line === '' ? 'The post was not accepted.' : readable(read.line),
      refusal: read.refusal,
    };
  const { field, says } = WRITE_FIELDS[read.variable];
  const words = says[read.refusal] ?? says.invalid;
  return {
    field,
    words: typeof words === 'string' ? words : words({ numbers: read.numbers, aType: aType(type) }),
    refusal: read.refusal,
  };
}

/** Whether a post of `type` is refused without `variable`: its field is marked required (api/inputs.ts decides). */
export const isRequired = (variable: Variable, type: string): boolean =>
  (requiredFor(type) as readonly Variable[]).includes(variable);

/** A variable's field as the page names it. */
export const labelOf = (variable: Variable): string => WRITE_FIELDS[variable].label;
