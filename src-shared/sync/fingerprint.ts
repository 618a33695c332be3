/** What a remote's version of a post says, as a short hash: title, tags and text (FNV-1a, 32 bits). */
export function contentFingerprint(post: { title: string | null; tags: readonly string[]; text: string }): string {
  const source = `${post.title ?? ''}\n${post.tags.join(',')}\n${post.text.trim()}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) {
    hash ^= source.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
