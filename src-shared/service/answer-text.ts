/**
 * The JSON texts of answers' parts that are kept between requests (presented-posts.ts): written out the
 * first time one is sent, and copied as they are after that. A part is kept frozen, so its text stays true.
 */
const texts = new WeakMap<object, string>();
const keptParts = new WeakSet<object>();

/** Marks a frozen part whose text is to be kept once it is written out. */
export function keepTextOf(part: object): void {
  keptParts.add(part);
}

/** An item of a list as JSON.stringify writes it: what JSON cannot hold is `null` there. */
function textOf(item: unknown): string {
  if (item === undefined || typeof item === 'function' || typeof item === 'symbol') return 'null';
  if (typeof item !== 'object' || item === null || !keptParts.has(item)) return JSON.stringify(item);
  const known = texts.get(item);
  if (known !== undefined) return known;
  const text = JSON.stringify(item);
  texts.set(item, text);
  return text;
}

/** `JSON.stringify({ meta, data })`, the same text, with the kept items of a list `data` copied as kept. */
export function envelopeText(meta: object, data: unknown): string {
  if (!Array.isArray(data)) return JSON.stringify({ meta, data });
  return `{"meta":${JSON.stringify(meta)},"data":[${data.map(textOf).join(',')}]}`;
}
