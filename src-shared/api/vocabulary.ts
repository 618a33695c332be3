/**
 * The words of the Publishing Service that both ends use: post types, privacy values and pin colours. Each
 * list lives here once; the server's input schemas, the client's checks and readers, the store's rows and
 * the page take their types and values from it. This module imports nothing.
 */

/** The four post types the instance interface writes and reads (section 2.1). */
export const POST_TYPES = ['post.article', 'post.note', 'post.bookmark', 'post.quotation'] as const;
export type InstancePostType = (typeof POST_TYPES)[number];

/** The legacy interface also writes drafts, pages and podcasts (section 4.1); the store keeps every one. */
export const LEGACY_ONLY_POST_TYPES = ['post.draft', 'post.page', 'post.podcast'] as const;
/** Every kind a post stored here may be: what either interface can write. */
export const ALL_POST_TYPES = [...POST_TYPES, ...LEGACY_ONLY_POST_TYPES] as const;
export type PostType = (typeof ALL_POST_TYPES)[number];

/** Bookmarks and quotations are about a page elsewhere: they need its address and its title. */
export const SOURCED_POST_TYPES = ['post.bookmark', 'post.quotation'] as const satisfies readonly InstancePostType[];
export const needsSource = (type: string | undefined | null): boolean =>
  (SOURCED_POST_TYPES as readonly string[]).includes(type ?? '');

export const isInstancePostType = (value: unknown): value is InstancePostType =>
  (POST_TYPES as readonly unknown[]).includes(value);

/** The two interfaces of the Publishing Service (section 1): a remote speaks one, an answer is in one's envelope. */
export const INTERFACES = ['instance', 'legacy'] as const;
export type Interface = (typeof INTERFACES)[number];

/** The changes an outbox carries to a remote, as the sync status names them. */
export const OUTBOX_OPS = ['publish', 'edit', 'delete', 'star', 'unstar', 'pin', 'unpin'] as const;
export type OutboxOp = (typeof OUTBOX_OPS)[number];

/** What a person may answer an outbox item stopped for their attention: send it again, or drop it. */
export const SETTLE_ACTIONS = ['retry', 'discard'] as const;
export type SettleAction = (typeof SETTLE_ACTIONS)[number];

/** Who may read a post (section 2.1); public when nothing is said. */
export const PRIVACIES = ['visibility.public', 'visibility.private', 'visibility.none'] as const;
export type Privacy = (typeof PRIVACIES)[number];
export const DEFAULT_PRIVACY: Privacy = 'visibility.public';
export const isPrivacy = (value: unknown): value is Privacy => (PRIVACIES as readonly unknown[]).includes(value);

/** Section 2.8: the six pin colours of the instance interface, and each one's legacy hex form. */
export const PIN_COLOURS = ['orange', 'yellow', 'black', 'green', 'blue', 'red'] as const;
export type PinColour = (typeof PIN_COLOURS)[number];
export const PIN_HEX = {
  orange: '#ffa500',
  yellow: '#ffff00',
  black: '#000000',
  green: '#00ff00',
  blue: '#0000ff',
  red: '#ff0000',
} as const satisfies Record<PinColour, string>;
/** What an instance pin is, `pin.none` being no pin. */
export type PinValue = `pin.${PinColour}` | 'pin.none';

export type LegacyPinColour = (typeof PIN_HEX)[PinColour];
export const LEGACY_PIN_COLOURS = PIN_COLOURS.map((colour) => PIN_HEX[colour]);
/** The instance colour of a legacy hex colour (`#ffa500` or `FFA500`: any case, with or without `#`), or undefined. */
export function colourOfHex(value: string): PinColour | undefined {
  const hex = `#${value.trim().toLowerCase().replace(/^#/, '')}`;
  return PIN_COLOURS.find((colour) => PIN_HEX[colour] === hex);
}

/** A pin as either interface may write it: `pin.orange`, `orange`, `pin.none`, `none`, any case; null for anything else. */
export function readPin(value: string | null | undefined): PinColour | 'none' | null {
  const word = (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/^pin\./, '');
  return word === 'none' || (PIN_COLOURS as readonly string[]).includes(word) ? (word as PinColour | 'none') : null;
}

/** What a timeline does with posts whose publication time has not come (`scheduled`, api/inputs.ts). */
export const SCHEDULED = ['exclude', 'include', 'only'] as const;
export type Scheduled = (typeof SCHEDULED)[number];

/** What went wrong talking to a remote: the client's kinds (client/errors.ts says what each means). */
export const REMOTE_ERROR_KINDS = ['offline', 'uncertain', 'auth', 'rejected', 'server', 'protocol'] as const;
export type RemoteErrorKind = (typeof REMOTE_ERROR_KINDS)[number];
/** Why a sync failed (sync/failure.ts): the client's kinds, and a token this host cannot open. */
export const FAILURE_KINDS = [...REMOTE_ERROR_KINDS, 'unreadable-token'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];
