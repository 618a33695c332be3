import { useEffect, useMemo, type ReactNode } from 'react';
import { SkeletonRows } from '../components/SkeletonRows';
import { Timeline } from '../components/Timeline';
import { TypeFilter } from '../components/TypeFilter';
import { setActiveTimeline } from '../state/active-timeline';
import { useAccount } from '../state/account';
import { useRoute } from '../state/route';
import {
  hasTypeFilter,
  isPersonal,
  specOf,
  timelineKey,
  type TimelineKind,
  type TimelineSpec,
} from '../state/timeline-spec';
import { openTimeline } from '../state/timeline-posts';
import { useUi } from '../state/ui';
import { planSearch } from '../util/search-query';
import { SearchWordsContext } from '../util/search-words-context';

const NO_WORDS: readonly string[] = [];

const TITLES: Record<TimelineKind, string> = {
  home: 'Home',
  global: 'Everything',
  channel: 'Channel',
  mentions: 'Mentions',
  interactions: 'Interactions',
  pins: 'Pins',
  search: 'Search',
  persona: 'Persona',
  tag: 'Tag',
};

const EMPTY: Record<TimelineKind, string> = {
  home: 'Nothing here yet. Write your first post with New post (n).',
  global: 'This instance holds no posts yet.',
  channel: 'No posts in this Channel yet.',
  mentions: 'Nobody has mentioned this Persona yet.',
  interactions: 'No replies or mentions from other accounts yet.',
  pins: 'No pinned posts. Pin a post with its pin button or p.',
  search: 'No post matches.',
  persona: 'This Persona has no posts here yet.',
  tag: 'No post carries this tag.',
};

interface TimelineScreenProps {
  kind: TimelineKind;
  channel?: string;
  filter?: string;
  /** A `persona` timeline's author. */
  author?: string;
  tag?: string;
  /** The title, where the kind's own would not do (a Persona's name). */
  title?: string;
  /** What the header shows below the title (a Persona's profile). */
  head?: ReactNode;
}

function kindTitle(
  kind: TimelineKind,
  names: { channelName: string | undefined; filter: string | undefined; tag: string | undefined },
): string {
  if (kind === 'channel') return names.channelName ?? 'Channel';
  if (kind === 'search') return `Search: ${names.filter ?? ''}`;
  if (kind === 'tag') return `#${names.tag ?? ''}`;
  return TITLES[kind];
}

/** The screen of one timeline: its title, its filters and the list. */
export function TimelineScreen({ kind, channel, filter, author, tag, title: givenTitle, head }: TimelineScreenProps) {
  const personal = isPersonal(kind);
  const persona = useAccount((s) => (personal ? s.currentGuid : null));
  const personaName = useAccount((s) => s.personas.find((p) => p.guid === s.currentGuid)?.name);
  const channelName = useAccount((s) => s.channels.find((c) => c.guid === channel)?.name);
  const types = useUi((s) => s.types);
  // The search screen leaves out words too short to search, and says so, rather than show the refusal;
  // other screens listing a search (a Persona's, a tag's) send their filter as it is.
  const typed = useRoute((s) => s.route.screen === 'search');
  const plan = useMemo(() => (kind === 'search' && typed ? planSearch(filter ?? '') : null), [kind, typed, filter]);
  const sent = plan ? (plan.query ?? '') : filter;
  // The same spec as the page's first request made, when this is the screen it opened on (first-timeline.ts).
  const spec = useMemo<TimelineSpec>(
    () => specOf({ kind, channel, filter: sent, author, tag }, persona, types),
    [kind, persona, types, channel, sent, author, tag],
  );
  const key = timelineKey(spec);
  const waiting = personal && persona === null;
  const nothingToSearch = plan !== null && plan.query === null;
  useEffect(() => {
    if (waiting || nothingToSearch) return;
    const key = openTimeline(spec);
    setActiveTimeline(key);
    return () => setActiveTimeline(null);
  }, [spec, waiting, nothingToSearch]);

  const title = givenTitle ?? kindTitle(kind, { channelName, filter, tag });
  const subtitle =
    kind === 'home' || kind === 'mentions' || kind === 'pins' ? (personaName ? `as ${personaName}` : '') : '';
  return (
    <section className="screen" aria-labelledby="screen-title">
      <header className="screen-head">
        <h1 id="screen-title" dir="auto">
          {title} {subtitle && <span className="subtle">{subtitle}</span>}
        </h1>
        {hasTypeFilter(kind) && <TypeFilter />}
        {head}
      </header>
      {plan?.note && (
        <p className="search-note" role="status">
          {plan.note}
        </p>
      )}
      {waiting ? (
        <SkeletonRows />
      ) : nothingToSearch ? null : (
        <SearchWordsContext.Provider value={plan?.words ?? NO_WORDS}>
          <Timeline key={key} timelineKey={key} label={title} empty={EMPTY[kind]} />
        </SearchWordsContext.Provider>
      )}
    </section>
  );
}
