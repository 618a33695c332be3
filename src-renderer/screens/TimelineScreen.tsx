import { useEffect, useMemo, type ReactNode } from 'react';
import { Timeline } from '../components/Timeline';
import { TypeFilter } from '../components/TypeFilter';
import { useAccount } from '../state/account';
import { hasTypeFilter, timelineKey, type TimelineKind, type TimelineSpec } from '../state/timeline-spec';
import { useTimelines } from '../state/timelines';
import { useUi } from '../state/ui';

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
  pins: 'No pinned posts. Pin a post with its pin menu or p.',
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

function kindTitle(kind: TimelineKind, names: { channelName: string | undefined; filter: string | undefined; tag: string | undefined }): string {
  if (kind === 'channel') return names.channelName ?? 'Channel';
  if (kind === 'search') return `Search: ${names.filter ?? ''}`;
  if (kind === 'tag') return `#${names.tag ?? ''}`;
  return TITLES[kind];
}

/** The screen of one timeline: its title, its filters and the list. */
export function TimelineScreen({ kind, channel, filter, author, tag, title: givenTitle, head }: TimelineScreenProps) {
  // Everything and a Channel are the same whoever acts; the other timelines are a Persona's.
  const personal = kind !== 'global' && kind !== 'channel';
  const persona = useAccount((s) => (personal ? s.currentGuid : null));
  const personaName = useAccount((s) => s.personas.find((p) => p.guid === s.currentGuid)?.name);
  const channelName = useAccount((s) => s.channels.find((c) => c.guid === channel)?.name);
  const types = useUi((s) => s.types);
  const spec = useMemo<TimelineSpec>(
    () => ({ kind, persona, types, ...(channel ? { channel } : {}), ...(filter ? { filter } : {}), ...(author ? { author } : {}), ...(tag ? { tag } : {}) }),
    [kind, persona, types, channel, filter, author, tag],
  );
  const key = timelineKey(spec);
  const open = useTimelines((s) => s.open);
  const waiting = personal && persona === null;
  useEffect(() => {
    if (waiting) return;
    const key = open(spec);
    useUi.getState().setActiveTimeline(key);
    return () => useUi.getState().setActiveTimeline(null);
  }, [open, spec, waiting]);

  const title = givenTitle ?? kindTitle(kind, { channelName, filter, tag });
  const subtitle = kind === 'home' || kind === 'mentions' || kind === 'pins' ? (personaName ? `as ${personaName}` : '') : '';
  return (
    <section className="screen" aria-labelledby="screen-title">
      <header className="screen-head">
        <h1 id="screen-title" dir="auto">
          {title} {subtitle && <span className="subtle">{subtitle}</span>}
        </h1>
        {hasTypeFilter(kind) && <TypeFilter />}
        {head}
      </header>
      {waiting ? <p className="state-line" role="status">Loading…</p> : <Timeline key={key} timelineKey={key} label={title} empty={EMPTY[kind]} />}
    </section>
  );
}
