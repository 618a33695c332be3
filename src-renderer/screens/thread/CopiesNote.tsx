import { SyncMarker } from '../../components/SyncMarker';
import { routePath } from '../../state/route';
import { useCopies } from '../../state/copies';

/**
 * The other copies of the opened post, when one draft was published as several Personas: each by its
 * Persona, a link to it, and whether it has reached its remote yet. Nothing for a post published alone, or
 * where the instance cannot say (an older one, or offline).
 */
export function CopiesNote({ guid }: { guid: string }) {
  const copies = useCopies(guid);
  const others = copies.filter((post) => post.guid !== guid);
  if (others.length === 0) return null;
  return (
    <p className="copies-note subtle">
      Also published as{' '}
      {others.map((post, i) => (
        <span key={post.guid}>
          {i > 0 && ', '}
          <a href={routePath({ screen: 'thread', guid: post.guid })}>
            {post.persona.name || post.persona.as} (@{post.persona.as})
          </a>{' '}
          <SyncMarker guid={post.guid} />
        </span>
      ))}
    </p>
  );
}
