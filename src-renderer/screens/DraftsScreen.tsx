import { useAccount } from '../state/account';
import { useDrafts } from '../state/drafts';
import { useUi } from '../state/ui';
import { POST_TYPE_WORDS } from '../util/post-type-words';
import { RelativeTime } from '../components/RelativeTime';


/** The current Persona's drafts, newest change first: resume (and publish from the composer) or delete. */
export default function DraftsScreen() {
  const persona = useAccount((s) => s.personas.find((p) => p.guid === s.currentGuid));
  const all = useDrafts((s) => s.drafts);
  const drafts = all.filter((d) => d.personaGuid === (persona?.guid ?? null)).sort((a, b) => b.updatedAt - a.updatedAt);
  const others = all.length - drafts.length;
  return (
    <section className="screen" aria-labelledby="screen-title">
      <header className="screen-head">
        <h1 id="screen-title">Drafts <span className="subtle">as {persona?.name ?? 'no Persona'}</span></h1>
      </header>
      <div className="screen-scroll">
        {drafts.length === 0 ? (
          <p className="empty">No drafts for this Persona. Drafts are kept here as you write, until they are published.</p>
        ) : (
          <ul className="draft-list" aria-label="Drafts">
            {drafts.map((d) => (
              <li key={d.id} className="draft">
                <div className="draft-text">
                  <span className="post-kind">{d.editing ? `Edit of a ${POST_TYPE_WORDS[d.type].one.toLowerCase()}` : d.replyTo ? 'Reply' : POST_TYPE_WORDS[d.type].one}</span>
                  {d.title && <strong dir="auto">{d.title}</strong>}
                  <p dir="auto">{excerpt(d.text) || <em>No text yet</em>}</p>
                  <span className="subtle">
                    Changed <RelativeTime unix={Math.floor(d.updatedAt / 1000)} />
                  </span>
                </div>
                <div className="draft-actions">
                  <button type="button" className="primary" onClick={() => useUi.getState().openComposer(d.id)} aria-label={`Resume draft: ${excerpt(d.title || d.text) || 'empty'}`}>
                    Resume
                  </button>
                  <button
                    type="button"
                    className="danger"
                    aria-label={`Delete draft: ${excerpt(d.title || d.text) || 'empty'}`}
                    onClick={() => globalThis.confirm('Delete this draft?') && useDrafts.getState().remove(d.id)}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {others > 0 && <p className="subtle">{others} more {others === 1 ? 'draft belongs' : 'drafts belong'} to other Personas: switch to see them.</p>}
      </div>
    </section>
  );
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 140 ? `${flat.slice(0, 140)}…` : flat;
}
