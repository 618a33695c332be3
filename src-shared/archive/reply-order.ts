/** What orders a file of a Markdown import: its post's GUID (none when it cannot be read), what it answers, when. */
export interface Planned {
  name: string;
  guid: string | null;
  replyTo: string;
  /** Unix milliseconds of publication; 0 when it gives none. */
  at: number;
}

/** Earlier first, then by name: the order of files otherwise alike. */
const byTimeThenName = (a: Planned, b: Planned): number =>
  a.at - b.at || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The files in the order they are written: what a file answers, when it is among them, before it, by depth
 * in the conversations among the files; then by time, then name.
 *
 * Each file's depth is found once, walking up the replies until a file whose depth is known, one that
 * answers nothing among them, or one already on this walk: the files answer one another in a circle
 * (front matter can say anything). A circle has no first post, so it is broken at its first file by time
 * and name, whichever file the walk came in by: that file is depth 0, the one answering it 1, and so on
 * round. Every file is walked over once, so the order takes linear time and a sort, however long the
 * chains and circles.
 */
export function replyOrder<T extends Planned>(files: readonly T[]): T[] {
  const byGuid = new Map<string, T>();
  for (const file of files) if (file.guid) byGuid.set(file.guid, file);
  const depths = new Map<T, number>();
  for (const start of files) {
    if (depths.has(start)) continue;
    // The walk from `start` up its replies; path[i] answers path[i + 1].
    const path: T[] = [];
    const onPath = new Map<T, number>();
    let next: T | undefined = start;
    while (next && !depths.has(next) && !onPath.has(next)) {
      onPath.set(next, path.length);
      path.push(next);
      next = byGuid.get(next.replyTo);
    }
    let end = path.length;
    const circleStart = next === undefined ? undefined : onPath.get(next);
    if (circleStart !== undefined) {
      const circle = path.slice(circleStart);
      const first = circle.reduce((best, file, i) => (byTimeThenName(file, circle[best] as T) < 0 ? i : best), 0);
      // circle[i] answers circle[i + 1]: going back from the first file goes down the conversation.
      for (let step = 0; step < circle.length; step++)
        depths.set(circle[(first - step + circle.length) % circle.length] as T, step);
      end = circleStart;
    }
    // What path[end - 1] answers has its depth now (or is not among the files).
    let depth = next === undefined ? -1 : (depths.get(next) ?? -1);
    for (let i = end - 1; i >= 0; i--) depths.set(path[i] as T, ++depth);
  }
  return [...files].sort((a, b) => (depths.get(a) ?? 0) - (depths.get(b) ?? 0) || byTimeThenName(a, b));
}
