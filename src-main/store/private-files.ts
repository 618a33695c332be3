/**
 * Every file and folder this process creates is readable by its owner alone, from the moment it is made:
 * the data folder holds unpublished drafts, the password's hash, tokens and keys, and SQLite, the backups,
 * uploads and the store built for a restore all create files there, each with the default mode (0644,
 * 0755) less the process's umask. A mode given at each creation would miss the next file someone adds, and
 * SQLite's files (the database, its -wal and -shm) take no mode at all; the umask covers them all. It is
 * widened, never narrowed, from what the person set. Set first thing by each program that writes a data
 * folder (a worker thread shares its process's umask and cannot set one).
 */
export function keepNewFilesPrivate(): void {
  const before = process.umask(0o077);
  process.umask(before | 0o077);
}
