import { useAccount } from '../state/account';
import { useShallow } from 'zustand/react/shallow';
import { isDraftOf, useDrafts } from '../state/drafts';
import { DraftRow } from './drafts/DraftRow';

/** The current Persona's drafts, newest change first: open, publish, schedule or delete each. */
export default function DraftsScreen() {
  const persona = useAccount((s) => s.personas.find((p) => p.guid === s.currentGuid));
  const personaGuids = useAccount(useShallow((s) => s.personas.map((p) => p.guid)));
  const all = useDrafts((s) => s.drafts);
  const drafts = all
    .filter((d) => isDraftOf(d, persona?.guid ?? null, personaGuids))
    .sort((a, b) => b.updatedAt - a.updatedAt);
  const others = all.length - drafts.length;
  return (
    <section className="screen" aria-labelledby="screen-title">
      <header className="screen-head">
        <h1 id="screen-title">
          Drafts <span className="subtle">as {persona?.name ?? 'no Persona'}</span>
        </h1>
      </header>
      <div className="screen-scroll">
        {drafts.length === 0 ? (
          <p className="empty">
            No drafts for this Persona. A draft is kept here from the first word you write, until it is published.
          </p>
        ) : (
          <ul className="draft-list" aria-label="Drafts">
            {drafts.map((d) => (
              <DraftRow key={d.id} draft={d} />
            ))}
          </ul>
        )}
        {others > 0 && (
          <p className="subtle">
            {others} more {others === 1 ? 'draft belongs' : 'drafts belong'} to other Personas: switch to see them.
          </p>
        )}
      </div>
    </section>
  );
}
