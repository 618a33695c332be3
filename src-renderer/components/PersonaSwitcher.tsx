import { useAccount } from '../state/account';
import { Avatar } from './Avatar';

/** One click (or 1 to 9) makes a Persona the current one: it writes, stars and pins from then on. */
export function PersonaSwitcher() {
  const personas = useAccount((s) => s.personas);
  const current = useAccount((s) => s.currentGuid);
  const switchTo = useAccount((s) => s.switchTo);
  return (
    <nav aria-label="Personas" className="persona-switcher">
      <ul>
        {/* Until the account arrives, the place of one Persona is kept: the sidebar does not jump. */}
        {personas.length === 0 && (
          <li className="persona-button persona-placeholder" aria-hidden="true">
            <span className="skeleton skeleton-avatar small" />
            <span className="skeleton skeleton-line short" />
          </li>
        )}
        {personas.map((p, i) => (
          <li key={p.guid}>
            <button
              type="button"
              className="persona-button"
              aria-pressed={p.guid === current}
              aria-label={`Act as ${p.name || p.as}${i < 9 ? ` (${i + 1})` : ''}`}
              title={`@${p.as}${i < 9 ? ` · key ${i + 1}` : ''}`}
              onClick={() => switchTo(p.guid)}
            >
              <Avatar persona={{ name: p.name, as: p.as, avatar: p.avatar_url }} size={28} />
              <span className="persona-name" dir="auto">
                {p.name || p.as}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
