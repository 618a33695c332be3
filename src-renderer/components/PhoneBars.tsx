import { compose } from '../state/actions';
import { useCurrentPersona } from '../state/account';
import { useCurrentDraftCount } from '../state/draft-count';
import { routePath, useRoute, type Route } from '../state/route';
import { Avatar } from './Avatar';
import { Icon, type IconName } from './icons';

/** A phone's top bar: the menu (everything the sidebar holds) and who is acting. */
export function TopBar({ onMenu }: { onMenu: () => void }) {
  const persona = useCurrentPersona();
  return (
    <header className="top-bar">
      <button type="button" className="icon-button" aria-label="Menu" aria-haspopup="dialog" onClick={onMenu}>
        <Icon name="menu" />
      </button>
      {persona && (
        <button
          type="button"
          className="top-persona"
          onClick={onMenu}
          aria-label={`Acting as ${persona.name || persona.as}: change in the menu`}
        >
          <Avatar persona={{ name: persona.name, as: persona.as, avatar: persona.avatar_url }} size={28} />
          <span className="persona-name" dir="auto">
            {persona.name || persona.as}
          </span>
        </button>
      )}
    </header>
  );
}

/** A phone's bottom bar: the places reached most, and a new post, in reach of a thumb. */
export function BottomBar({ onSearch }: { onSearch: () => void }) {
  const drafts = useCurrentDraftCount();
  return (
    <nav className="bottom-bar" aria-label="Sections">
      <ul>
        <li>
          <BarLink route={{ screen: 'timeline', kind: 'home' }} icon="home" label="Home" />
        </li>
        <li>
          <BarLink route={{ screen: 'timeline', kind: 'mentions' }} icon="mentions" label="Mentions" />
        </li>
        <li>
          <button type="button" className="bar-item" onClick={onSearch}>
            <Icon name="search" />
            <span>Search</span>
          </button>
        </li>
        <li>
          <BarLink route={{ screen: 'drafts' }} icon="drafts" label={drafts > 0 ? `Drafts (${drafts})` : 'Drafts'} />
        </li>
        <li>
          <button type="button" className="bar-item" onClick={() => compose()}>
            <Icon name="compose" />
            <span>New</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}

function BarLink({ route, icon, label }: { route: Route; icon: IconName; label: string }) {
  const active = useRoute((s) => JSON.stringify(s.route) === JSON.stringify(route));
  return (
    <a className="bar-item" href={routePath(route)} aria-current={active ? 'page' : undefined}>
      <Icon name={icon} />
      <span>{label}</span>
    </a>
  );
}
