import { putPostsInOneTransaction } from '../store/bulk';
import type { PublishingDb } from '../store/db';
import { nextId } from '../store/numbering';
import { postsByGuids } from '../store/posts-by-guid';
import { guidInUrl, postsByRemoteUrl, rememberRemoteUrls } from '../store/remote-urls';
import type { PersonaRow, PostRow } from '../store/rows';
import type { RemoteRow } from '../store/sync-rows';
import { toMarkdown } from '../text';
import { claimOwnCopies } from './claim';
import { contentFingerprint } from './fingerprint';
import { isLinkedPersona, remoteAccountGuid } from './identity';
import { ownedBy, remoteMayWriteAs, remoteOwnsPost } from './ownership';
import type { PulledPost } from './pulled-post';
import { noteUnconfirmed, SETTLED_AFTER_SECONDS, type Unconfirmed } from './unconfirmed';
import { defaultCanonicalPath, ownThreadKey, postRow, renderedText, type RenderedText } from '../store/post-row';
import { nextTurn } from '../util/turns';
import { postRowSchema } from '../store/row-schemas';
import { LIMITS } from '../api/inputs';
import { handleHere, nameHere } from './remote-names';

export interface PageResult {
  stored: number;
  /** New posts (not held before) that mention one of the owner's linked Personas: news to tell. */
  mentioning: number;
}

/**
 * Stores one page of posts pulled from a remote, in ONE transaction with whatever `alsoInTransaction`
 * records (the cursor), so a page and the cursor that says it was stored never part.
 *
 * - Pulled posts keep the remote's GUID and remember the remote, their URL there and their version.
 * - Whether a post changed is decided by what it says (its content fingerprint and publication time, see
 *   `versionAgainst`), not by the second it was stamped alone: a version that says what the held one says
 *   costs no write, so overlapping pages cost nothing, and an edit within the same second is stored. A list
 *   that may serve an older copy of that second (`cachedList`) is not taken at its word there: the post is
 *   read by itself (confirm.ts), as is a version the list served within the second it was stamped.
 * - A post with a local change still waiting to be sent, or deleted here, is left alone: the local change
 *   is the newer intent, and sending it finds out whether the remote changed meanwhile. A post taken away
 *   because the remote no longer served it (gone.ts) comes back when the remote serves it again.
 * - Authors who are not linked Personas get a row of their own, under their GUID.
 * - The remote changes only what it owns (ownership.ts): a post it names that is not its own, or written as
 *   a Persona that is not its own, is skipped, and the rest of the page is stored. Its posts go to its own
 *   Channels, and what it re-threads (replies that came before their parent) and the URLs it remembers are
 *   its own posts too.
 * Answers how many posts were new or changed, and how many of the new ones mention a linked Persona.
 */
export async function storePulledPage(
  db: PublishingDb,
  input: { remote: RemoteRow; posts: readonly PulledPost[]; now: number; alsoInTransaction?: () => Promise<void> },
): Promise<PageResult> {
  const parts = inParts(dedupe(input.posts));
  const result: PageResult = { stored: 0, mentioning: 0 };
  for (const [i, posts] of parts.entries()) {
    const last = i === parts.length - 1;
    const part = await storePart(db, {
      remote: input.remote,
      posts,
      now: input.now,
      alsoInTransaction: last ? input.alsoInTransaction : undefined,
    });
    result.stored += part.stored;
    result.mentioning += part.mentioning;
  }
  return result;
}

/**
 * Texts stored in one transaction at most. Writing a row costs the store time in proportion to its text and
 * HTML, all in one turn, and other requests wait for the transaction: a page of long articles is stored a
 * few at a time. The cursor goes with the last part, so a part stored before a crash is only read again.
 */
const PART_TEXT_CHARS = 250_000;

/** The page in parts of at most PART_TEXT_CHARS of text each (a longer post alone), in order; one part for none. */
function inParts(posts: readonly PulledPost[]): PulledPost[][] {
  const parts: PulledPost[][] = [[]];
  let chars = 0;
  for (const post of posts) {
    const part = parts.at(-1) ?? [];
    if (part.length > 0 && chars + post.text.length > PART_TEXT_CHARS) {
      parts.push([post]);
      chars = post.text.length;
    } else {
      part.push(post);
      chars += post.text.length;
    }
  }
  return parts;
}

async function storePart(
  db: PublishingDb,
  input: {
    remote: RemoteRow;
    posts: readonly PulledPost[];
    now: number;
    alsoInTransaction?: (() => Promise<void>) | undefined;
  },
): Promise<PageResult> {
  const { remote } = input;
  const prepared = await preparedTexts(db, input.posts);
  return db.transaction('rw', db.tables, async () => {
    await claimOwnCopies(db, remote.guid, input.posts);
    const held = new Map(
      (
        await postsByGuids(
          db,
          input.posts.map((p) => p.guid),
        )
      ).map((p) => [p.guid, p]),
    );
    const waiting = new Set(
      (
        await db.outbox
          .where('postGuid')
          .anyOf(input.posts.map((p) => p.guid))
          .toArray()
      ).map((item) => item.postGuid),
    );
    const personas = await personasByGuid(db, [
      ...input.posts.map((p) => p.persona.guid),
      ...[...held.values()].map((p) => p.personaGuid),
    ]);
    const toConfirm: Unconfirmed[] = [];
    // A version is taken; one a list served within the second it was stamped (by the remote's clock, or,
    // where it did not say, stamped with the newest second of the answer) is also noted to be read again:
    // an edit later in that second shows in the post's own answer only.
    const newestUnix = Math.max(...input.posts.map((p) => p.updatedUnix));
    const takeVersion = (post: PulledPost): boolean => {
      if (post.cachedList && post.updatedUnix >= (post.cachedList.servedUnix ?? newestUnix)) {
        toConfirm.push({ postGuid: post.guid, dueUnix: input.now + SETTLED_AFTER_SECONDS });
      }
      return true;
    };
    let fresh = dedupe(input.posts).filter((post) => {
      if (!fitsRow(post)) return false;
      if (!remoteMayWriteAs(remote.guid, personas.get(post.persona.guid))) return false;
      const local = held.get(post.guid);
      if (!local) return takeVersion(post);
      if (!remoteOwnsPost(remote.guid, local, personas.get(local.personaGuid))) return false;
      if (waiting.has(post.guid)) return false;
      // Taken away because the remote stopped serving it (gone.ts): it is back.
      if (local.deleted) return local.goneUnix != null && takeVersion(post);
      switch (versionAgainst(post, local)) {
        case 'newer':
          return takeVersion(post);
        case 'same':
        case 'older':
          return false;
        case 'other':
          // A newer edit within the second, or an older copy of it that the list kept: the post says which.
          if (!post.cachedList) return true;
          toConfirm.push({ postGuid: post.guid, dueUnix: input.now });
          return false;
      }
    });
    await noteUnconfirmed(db, remote.guid, toConfirm);
    let mentioning = 0;
    let stored = 0;
    if (fresh.length > 0) {
      const owned = ownedBy(db, remote.guid);
      fresh = await withParentsByUrl(db, fresh, owned);
      const authors = await ensureAuthors(db, remote, fresh, personas, input.now);
      const threads = await threadsOf(db, fresh);
      const known = await knownPersonas(db, fresh);
      mentioning = fresh.filter(
        (post) => !held.has(post.guid) && post.mentionGuids.some((guid) => isLinkedPersona(known.get(guid))),
      ).length;
      const channels = await channelsOf(db, remote, fresh);
      // What the text became (HTML from some remotes turned into Markdown) is held to its bound too.
      const rows = fresh
        .map((post) =>
          rowOf(post, remote, { authors, known, channels, threads }, held.get(post.guid), prepared.get(post.guid)),
        )
        .filter((row) => postRowSchema.safeParse(row).success);
      stored = rows.length;
      await putPostsInOneTransaction(db, rows);
      await rememberRemoteUrls(
        db,
        rows.map((row) => ({ url: row.remoteUrl, guid: row.guid })),
        owned,
      );
      await rejoinReplies(db, rows, owned);
    }
    await input.alsoInTransaction?.();
    return { stored, mentioning };
  });
}

/**
 * The pulled version against the one held: stamped later, earlier, or in the same second, and then saying
 * the same (its content fingerprint and publication time) or something else. A held post without the
 * fingerprint of the remote's version (stored before it was kept) is compared by its own text.
 */
function versionAgainst(post: PulledPost, held: PostRow): 'newer' | 'older' | 'same' | 'other' {
  if (held.remoteUpdatedUnix == null || post.updatedUnix > held.remoteUpdatedUnix) return 'newer';
  if (post.updatedUnix < held.remoteUpdatedUnix) return 'older';
  const sameContent = held.remoteContent
    ? contentFingerprint(post) === held.remoteContent
    : toMarkdown(post.text) === held.text &&
      (post.title ?? null) === held.title &&
      post.tags.join(',') === held.tags.join(',');
  return sameContent && post.publishUnix === held.publishUnix ? 'same' : 'other';
}

/**
 * What a remote says of a post, in the terms of a row here (store/row-schemas.ts): its GUIDs, times, title,
 * tags, source and place. A post that says what no write here could (a time past any date, 300 tags) is
 * left out, as a post a page cannot be read for is, and the rest of the page is stored.
 */
const pulledFacts = postRowSchema.pick({
  guid: true,
  personaGuid: true,
  title: true,
  tags: true,
  replyTo: true,
  sourceUrl: true,
  sourceTitle: true,
  geo: true,
  publishUnix: true,
  expiresUnix: true,
  updatedUnix: true,
  remoteUrl: true,
  remoteId: true,
});
const fitsRow = (post: PulledPost): boolean =>
  // The text is held to its limit once it is Markdown (rowOf); one that is longer by far as it came (HTML
  // is longer than its Markdown, not four times) is not converted at all.
  post.text.length <= 4 * LIMITS.textChars &&
  pulledFacts.safeParse({
    guid: post.guid,
    personaGuid: post.persona.guid,
    title: post.title,
    tags: post.tags,
    replyTo: post.replyTo,
    sourceUrl: post.sourceUrl,
    sourceTitle: post.sourceTitle,
    geo: post.geo,
    publishUnix: post.publishUnix,
    expiresUnix: post.expiresUnix,
    updatedUnix: post.updatedUnix,
    remoteUrl: post.canonicalUrl,
    remoteId: post.remoteId,
  }).success;

/**
 * The texts of a page as Markdown and HTML (what rowOf makes of them), made before the page's transaction
 * and one post a turn: a page of long articles formatted in one turn held the host for seconds. A post held
 * here with the same content is not formatted, so that pages read again cost nothing; one the store then
 * takes after all is formatted in the transaction.
 */
async function preparedTexts(db: PublishingDb, posts: readonly PulledPost[]): Promise<Map<string, RenderedText>> {
  const held = new Map(
    (
      await postsByGuids(
        db,
        posts.map((p) => p.guid),
      )
    ).map((p) => [p.guid, p.remoteContent]),
  );
  const prepared = new Map<string, RenderedText>();
  for (const post of posts) {
    if (!fitsRow(post) || held.get(post.guid) === contentFingerprint(post)) continue;
    prepared.set(post.guid, renderedText(toMarkdown(post.text)));
    await nextTurn();
  }
  return prepared;
}

/** One version per GUID, the newest; oldest first, so a parent is placed before its replies. */
function dedupe(posts: readonly PulledPost[]): PulledPost[] {
  const newest = new Map<string, PulledPost>();
  for (const post of posts) {
    const seen = newest.get(post.guid);
    if (!seen || post.updatedUnix > seen.updatedUnix) newest.set(post.guid, post);
  }
  return [...newest.values()].sort((a, b) => a.publishUnix - b.publishUnix || (a.guid < b.guid ? -1 : 1));
}

/** The Personas held here under these GUIDs. */
async function personasByGuid(db: PublishingDb, guids: readonly string[]): Promise<Map<string, PersonaRow>> {
  const rows = await db.personas.bulkGet([...new Set(guids)]);
  return new Map(rows.flatMap((row) => (row ? [[row.guid, row] as const] : [])));
}

/**
 * Replies that name what they answer by URL alone (the reference's articles have no GUID in theirs) get the
 * GUID of that post: one in the same page, or one of this remote's own held here under that URL.
 */
async function withParentsByUrl(
  db: PublishingDb,
  posts: PulledPost[],
  owned: (post: PostRow) => Promise<boolean>,
): Promise<PulledPost[]> {
  const unknown = [...new Set(posts.flatMap((p) => (p.replyTo && !p.parentGuid ? [p.replyTo] : [])))];
  if (unknown.length === 0) return posts;
  const held = await postsByRemoteUrl(db, unknown);
  const own = new Set<string>();
  for (const post of await postsByGuids(db, [...held.values()])) if (await owned(post)) own.add(post.guid);
  const byUrl = new Map([
    ...[...held].filter(([, guid]) => own.has(guid)),
    ...posts.map((p) => [p.canonicalUrl, p.guid] as const),
  ]);
  return posts.map((p) => (p.replyTo && !p.parentGuid ? { ...p, parentGuid: byUrl.get(p.replyTo) ?? null } : p));
}

/** The authors of the posts, as held (`personas`) or, for those not known here yet, new rows of the remote. */
async function ensureAuthors(
  db: PublishingDb,
  remote: RemoteRow,
  posts: readonly PulledPost[],
  personas: ReadonlyMap<string, PersonaRow>,
  now: number,
) {
  const byGuid = new Map<string, PersonaRow>();
  const wanted = new Map(posts.map((p) => [p.persona.guid, p.persona]));
  for (const guid of wanted.keys()) {
    const persona = personas.get(guid);
    if (persona) byGuid.set(guid, persona);
  }
  const host = new URL(remote.baseUrl).host;
  for (const author of wanted.values()) {
    if (byGuid.has(author.guid)) continue;
    const handle = handleHere(author.handle);
    let handleKey = `${handle}@${host}`.toLowerCase();
    if (await db.personas.where('handleKey').equals(handleKey).first()) handleKey = `${handleKey}#${author.guid}`;
    const row: PersonaRow = {
      guid: author.guid,
      // Legacy ids number the instance's own Personas; other authors get theirs past them.
      id: await nextId(db, 'personas'),
      accountGuid: remoteAccountGuid(remote.guid),
      handle,
      handleKey,
      name: nameHere(author.name),
      avatarUrl: author.avatarUrl,
      siteUrl: '',
      bioText: '',
      bioHtml: '',
      timezone: 'UTC',
      position: 0,
      createdUnix: now,
      updatedUnix: now,
      remoteGuid: remote.guid,
    };
    await db.personas.add(row);
    byGuid.set(row.guid, row);
  }
  return byGuid;
}

/** The conversation each reply joins: its parent's, when the parent is here or in the same page. */
async function threadsOf(db: PublishingDb, posts: readonly PulledPost[]): Promise<Map<string, string>> {
  const parents = [...new Set(posts.flatMap((p) => (p.parentGuid ? [p.parentGuid] : [])))];
  const threads = new Map((await postsByGuids(db, parents)).map((p) => [p.guid, p.threadKey]));
  for (const post of posts) {
    if (!post.parentGuid) threads.set(post.guid, post.replyTo ? `url:${post.replyTo}` : post.guid);
    // Not here yet: the parent is taken as the root until it arrives (rejoinReplies then moves this one).
    else threads.set(post.guid, threads.get(post.parentGuid) ?? post.parentGuid);
  }
  return threads;
}

/** Mentioned Personas this instance knows (its own, linked ones, authors seen): the rest cannot be listed. */
async function knownPersonas(db: PublishingDb, posts: readonly PulledPost[]): Promise<Map<string, PersonaRow>> {
  const guids = [...new Set(posts.flatMap((p) => p.mentionGuids))];
  const rows = await db.personas.bulkGet(guids);
  return new Map(rows.flatMap((row) => (row ? [[row.guid, row] as const] : [])));
}

/** The remote's Channels linked here; posts in its other Channels, or naming any other, go to its default one. */
async function channelsOf(db: PublishingDb, remote: RemoteRow, posts: readonly PulledPost[]): Promise<Set<string>> {
  const guids = [...new Set(posts.flatMap((p) => (p.channelGuid ? [p.channelGuid] : [])))];
  const rows = await db.channels.bulkGet(guids);
  return new Set(rows.flatMap((row) => (row?.remoteGuid === remote.guid ? [row.guid] : [])));
}

interface Lookups {
  authors: ReadonlyMap<string, PersonaRow>;
  known: ReadonlyMap<string, PersonaRow>;
  channels: ReadonlySet<string>;
  threads: ReadonlyMap<string, string>;
}

function rowOf(
  post: PulledPost,
  remote: RemoteRow,
  { authors, known, channels, threads }: Lookups,
  local: PostRow | undefined,
  rendered: RenderedText | undefined,
): PostRow {
  const text = rendered?.text ?? toMarkdown(post.text);
  const author = authors.get(post.persona.guid);
  return postRow(
    {
      ...(local?.id !== undefined ? { id: local.id } : {}),
      guid: post.guid,
      type: post.type,
      privacy: post.privacy,
      accountGuid: author?.accountGuid ?? remoteAccountGuid(remote.guid),
      personaGuid: post.persona.guid,
      channelGuid: post.channelGuid && channels.has(post.channelGuid) ? post.channelGuid : remote.defaultChannelGuid,
      title: post.title,
      text,
      tags: [...post.tags],
      mentions: post.mentionGuids.filter((guid) => known.has(guid)),
      replyTo: post.replyTo,
      parentGuid: post.parentGuid,
      threadKey: threads.get(post.guid) ?? ownThreadKey(post.guid),
      sourceUrl: post.sourceUrl,
      sourceTitle: post.sourceTitle,
      geo: post.geo,
      slug: null,
      canonicalPath: defaultCanonicalPath(post.guid),
      publishUnix: post.publishUnix,
      expiresUnix: post.expiresUnix,
      createdUnix: local?.createdUnix ?? post.publishUnix,
      updatedUnix: post.updatedUnix,
      deleted: 0,
      remoteGuid: remote.guid,
      remoteUrl: post.canonicalUrl,
      remoteUpdatedUnix: post.updatedUnix,
      remoteContent: contentFingerprint(post),
      ...(post.remoteId !== null ? { remoteId: post.remoteId } : {}),
      goneUnix: null,
    },
    rendered,
  );
}

/**
 * Replies that arrived before their parent took the parent as their root (or, named by URL alone, that URL);
 * they now join its conversation, and those that named it by URL now name it. Only the remote's own replies
 * move: another remote naming the same GUID or URL takes nobody else's into its conversations.
 */
async function rejoinReplies(
  db: PublishingDb,
  rows: readonly PostRow[],
  owned: (post: PostRow) => Promise<boolean>,
): Promise<void> {
  const ownMembers = async (threadKey: string) => {
    const members: PostRow[] = [];
    for (const member of await membersOf(db, threadKey)) if (await owned(member)) members.push(member);
    return members;
  };
  for (const row of rows) {
    if (row.threadKey !== row.guid) {
      const early = await ownMembers(row.guid);
      if (early.length > 0) await db.posts.bulkPut(early.map((p) => ({ ...p, threadKey: row.threadKey })));
    }
    // Only a URL without a GUID in it is named alone: replies to a URL with one know their parent already.
    if (row.remoteUrl && guidInUrl(row.remoteUrl) === null) {
      const url = row.remoteUrl;
      const answering = await ownMembers(`url:${url}`);
      const joined = answering.map((p) => ({
        ...p,
        threadKey: row.threadKey,
        parentGuid: p.parentGuid ?? (p.replyTo === url ? row.guid : null),
      }));
      // Rewritten whole, so that a reply across accounts is filed under the post it answers (Interactions).
      if (joined.length > 0) await putPostsInOneTransaction(db, joined);
    }
  }
}

const membersOf = (db: PublishingDb, threadKey: string): Promise<PostRow[]> =>
  db.posts
    .where('[threadKey+publishUnix+guid]')
    .between([threadKey, -Infinity, ''], [threadKey, Infinity, '\uffff'])
    .toArray();
