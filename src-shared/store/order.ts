/**
 * Timelines are newest first with ties broken by GUID, descending. IndexedDB reads ranges fastest in
 * ascending order (`getAll`; a reverse read needs a cursor, twice as slow on the SQLite backend), so each
 * post carries one string that sorts ascending in timeline order: the time counted down from far in the
 * future, then the GUID with every hex digit inverted.
 */
const FAR_FUTURE = 10_000_000_000_000;

const timePart = (unix: number): string => String(FAR_FUTURE - unix).padStart(14, '0');

const invertHex = (guid: string): string =>
  guid.toLowerCase().replace(/[0-9a-f]/g, (d) => (15 - parseInt(d, 16)).toString(16));

export function timelineOrder(publishUnix: number, guid: string): string {
  return `${timePart(publishUnix)}:${invertHex(guid)}`;
}

/** The publication time a position (or a start such as orderAtOrBefore's) names; null for '' (the newest). */
export const timeOfOrder = (order: string): number | null =>
  order === '' ? null : FAR_FUTURE - Number(order.slice(0, 14));

/** The first position at or after (older than or equal to) this time. */
export const orderAtOrBefore = (unix: number): string => `${timePart(unix)}:`;

/** A position past every post published at this time or later, in timeline order. */
export const orderAfterTime = (unix: number): string => `${timePart(unix)};`;

/** A position in timeline order; `open` leaves the position itself out (a `before_id` cursor). */
export interface OrderStart {
  key: string;
  open: boolean;
}
