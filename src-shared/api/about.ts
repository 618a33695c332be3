/**
 * What `GET /api/about` (an extension) says of this server. Remotes are told apart by it: one that names an
 * extension here is relied on for it, and one that has no such endpoint (the reference answers 400 or 401)
 * is read with nothing but the spec and what the reference is known to do (sync/instance-connection.ts).
 */
export const EXTENSIONS = [
  /** `POST /api/auth/login` with `account_name` and `account_pass`. */
  'login',
  /** `POST /api/auth/code` trades the one-time code of a sign-in link the host printed for a token. */
  'sign_in_link',
  /** `GET /api/account/channels`, with each Channel's writers. */
  'account_channels',
  /** Timelines continue after a post with `before` (its GUID), and `since` keeps every post at or after it. */
  'before',
  /** Timelines also bring older posts changed since `changed_since`. */
  'changed_since',
  /** Posts name the post they reply to by `parent_guid`. */
  'parent_guid',
  /** `GET /api/posts/search`: posts of every type by the words of their title, text, tags and source. */
  'search',
  /** A repost names its original by `repost_of` and embeds it as `original`; `attributes.reposted` is the acting Persona's repost. */
  'reposts',
  /** `GET /api/posts/search` also takes `tag` (one tag exactly) and `author_guid` (one author, a remote's too). */
  'search_tag_author',
  /** `GET /api/personas/{handle}`: a Persona's public page, of this instance or of a remote. */
  'personas',
  /** Timelines leave out posts whose publication time has not come unless asked with `scheduled` (`include`, `only`). */
  'scheduled',
  /** `GET /api/backups` and its siblings: the data folder's backups, made, listed and staged for restore (docs/backups.md). */
  'backups',
  /**
   * `GET /api/instance/export`: the whole instance as an archive (docs/archive.md), for the owner.
   */
  'export',
  /** `POST /api/instance/restore`: an export archive uploaded by the owner, staged to replace the store at the next start (docs/archive.md). */
  'restore_archive',
  /** `GET /api/events`: a stream of server-sent events telling a signed-in client what changed (docs/sync.md). */
  'events',
  /** `GET` and `POST /api/markers`: each timeline's reading place, kept by the instance (api/markers.ts). */
  'markers',
  /** `GET`, `POST /api/drafts` and `DELETE /api/drafts/{id}`: the person's drafts, kept by the instance (api/draft.ts). */
  'drafts',
] as const;
export type Extension = (typeof EXTENSIONS)[number];
