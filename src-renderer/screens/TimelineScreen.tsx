import { useEffect, useMemo } from 'react';
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
};

const EMPTY: Record<TimelineKind, string> = {
  home: 'Nothing here yet. Write your first post with New post (n).',
  global: 'This instance holds no posts yet.',
  channel: 'No posts in this Channel yet.',
  mentions: 'Nobody has mentioned this Persona yet.',
  interactions: 'No replies or mentions from other accounts yet.',
  pins: 'No pinned posts. Pin a post with its pin menu or p.',
  search: 'No post matches.',
};

/** The screen of one timeline: its title, its filters and the list. */
export function TimelineScreen({ kind, channel, filter }: { kind: TimelineKind; channel?: string; filter?: string }) {
  // Everything and a Channel are the same whoever acts; the other timelines are a Persona's.
  const personal = kind !== 'global' && kind !== 'channel';
  const persona = useAccount((s) => (personal ? s.currentGuid : null));
  const personaName = useAccount((s) => s.personas.find((p) => p.guid === s.currentGuid)?.name);
  const channelName = useAccount((s) => s.channels.find((c) => c.guid === channel)?.name);
  const types = useUi((s) => s.types);
  const spec = useMemo<TimelineSpec>(
    () => ({ kind, persona, types, ...(channel ? { channel } : {}), ...(filter ? { filter } : {}) }),
    [kind, persona, types, channel, filter],
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

  const title = kind === 'channel' ? (channelName ?? 'Channel') : kind === 'search' ? `Search: ${filter ?? ''}` : TITLES[kind];
  const subtitle = kind === 'home' || kind === 'mentions' || kind === 'pins' ? (personaName ? `as ${personaName}` : '') : '';
  return (
    <section className="screen" aria-labelledby="screen-title">
      <header className="screen-head">
        <h1 id="screen-title" dir="auto">
          {title} {subtitle && <span className="subtle">{subtitle}</span>}
        </h1>
        {hasTypeFilter(kind) && <TypeFilter />}
      </header>
      {waiting ? <p className="state-line" role="status">Loading…</p> : <Timeline key={key} timelineKey={key} label={title} empty={EMPTY[kind]} />}
    </section>
  );
}
