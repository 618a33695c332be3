/**
 * Whether a remote's copy of a post holds the text that was sent. The reference trims the text and folds
 * runs of blank lines before storing it, so whitespace is compared loosely; the words must be the same.
 */
export const sameText = (a: string, b: string): boolean => squeezed(a) === squeezed(b);

const squeezed = (text: string): string => text.replace(/\s+/g, ' ').trim();
