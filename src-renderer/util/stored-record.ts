/**
 * A record of string keys kept as JSON in localStorage. Unreadable JSON, entries of another type and a page
 * without storage all read as empty: what the page remembers there is a convenience, never needed to work.
 */
export function readStoredRecord<T>(key: string, isValue: (value: unknown) => value is T): Record<string, T> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, T] => isValue(entry[1])));
  } catch {
    return {};
  }
}

/** Without storage (private mode, a full quota) the record lasts as long as the page. */
export function writeStoredRecord(key: string, record: Readonly<Record<string, unknown>>): void {
  try {
    localStorage.setItem(key, JSON.stringify(record));
  } catch {
    // Kept in memory only.
  }
}
