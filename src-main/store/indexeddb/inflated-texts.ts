/**
 * The text of values stored compressed with a dictionary, as recently read, keyed by their stored bytes
 * themselves (with the file's cache space, value-dictionaries.ts): a key names one text for as long as the
 * file names its dictionary, so an entry is never stale and nothing is forgotten on a write or a rollback.
 * A timeline read again (the host's most common request) parses text it already has rather than inflating
 * each value again (5–15 µs a value, a hundred a timeline).
 *
 * Bounded in characters, keys and texts together, least recently used first out; one text longer than a
 * sixteenth of the bound is not kept, so that one large value cannot empty it.
 */
export class InflatedTexts {
  private readonly texts = new Map<string, string>();
  private held = 0;

  constructor(readonly maxChars: number) {}

  get(key: string): string | undefined {
    const text = this.texts.get(key);
    if (text !== undefined) {
      // Map keeps insertion order: set again, the entry is the most recently used.
      this.texts.delete(key);
      this.texts.set(key, text);
    }
    return text;
  }

  set(key: string, text: string): void {
    const size = key.length + text.length;
    if (size > this.maxChars / 16 || this.texts.has(key)) return;
    this.texts.set(key, text);
    this.held += size;
    for (const [oldest, oldText] of this.texts) {
      if (this.held <= this.maxChars) break;
      this.texts.delete(oldest);
      this.held -= oldest.length + oldText.length;
    }
  }

  /** Characters held, keys and texts. */
  get size(): number {
    return this.held;
  }

  get entries(): number {
    return this.texts.size;
  }
}

/**
 * The process's one cache. 2 Mi characters: about 1,300 posts of the benchmark's (thirteen timelines of a
 * hundred), 2–4 MB (V8 keeps text of Latin-1 characters at one byte a character, other text at two).
 */
export const inflatedTexts = new InflatedTexts(2 * 1024 * 1024);
