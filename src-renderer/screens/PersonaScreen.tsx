import { useCallback, useEffect, useRef, useState } from 'react';
import type { PersonaPageAnswer } from '../../src-shared/api/answers';
import { isRemoteError } from '../../src-shared/client/errors';
import { Avatar } from '../components/Avatar';
import { clients, describeFailure } from '../state/session';
import { sanitizePostHtml } from '../util/sanitize';
import { TimelineScreen } from './TimelineScreen';

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; page: PersonaPageAnswer }
  | { status: 'unknown' }
  | { status: 'error'; error: string };

/**
 * A Persona's page at `/@handle` (or `/@handle@host` for an author of a remote): who it is, where it lives,
 * and its posts, newest first. Which Persona a handle names when several have it is the service's choice
 * (`GET /api/personas/{handle}`): this instance's own first; a remote's author by `handle@host`.
 */
export default function PersonaScreen({ handle }: { handle: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  // The handle asked for last: an answer for one the person has already left is dropped.
  const asked = useRef(handle);
  const load = useCallback(async () => {
    asked.current = handle;
    setLoaded({ status: 'loading' });
    let next: Loaded;
    try {
      next = { status: 'ready', page: await clients().desk.personaPage(handle) };
    } catch (failure) {
      next =
        isRemoteError(failure) && failure.status === 404
          ? { status: 'unknown' }
          : { status: 'error', error: describeFailure(failure) };
    }
    if (asked.current === handle) setLoaded(next);
  }, [handle]);
  useEffect(() => {
    void load();
  }, [load]);

  if (loaded.status === 'ready') {
    const { page } = loaded;
    return (
      <TimelineScreen
        kind="persona"
        author={page.guid}
        title={page.name || `@${page.address}`}
        head={<PersonaHead page={page} />}
      />
    );
  }
  return (
    <section className="screen" aria-labelledby="screen-title">
      <header className="screen-head">
        <h1 id="screen-title" dir="auto">
          @{handle}
        </h1>
      </header>
      {loaded.status === 'loading' && (
        <p className="state-line" role="status">
          Loading…
        </p>
      )}
      {loaded.status === 'unknown' && (
        <p className="state-line" role="status">
          No Persona @{handle} is known here.
        </p>
      )}
      {loaded.status === 'error' && (
        <div className="state-line" role="alert">
          <p>{loaded.error}</p>
          <button type="button" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
    </section>
  );
}

/** Where a Persona lives, in words: this desk's own, or a remote's (and then whether it is yours there). */
function whereFrom(page: PersonaPageAnswer): string {
  if (page.remote_host === false) return page.is_you ? 'yours, on this desk' : 'on this desk';
  return page.is_you ? `yours, on ${page.remote_host}` : `on ${page.remote_host}`;
}

function PersonaHead({ page }: { page: PersonaPageAnswer }) {
  // Only web addresses become links: a remote's author may say anything.
  const site = /^https?:\/\//i.test(page.site_url) ? page.site_url : null;
  const bio = page.bio.html ? sanitizePostHtml(page.bio.html) : '';
  return (
    <div className="persona-head">
      <Avatar persona={{ name: page.name, as: page.as, avatar: page.avatar_url }} />
      <div className="persona-about">
        <p className="persona-address">
          <span dir="auto">@{page.address}</span> <span className="subtle persona-where">{whereFrom(page)}</span>
        </p>
        {site && (
          <p className="persona-site">
            <a href={site} target="_blank" rel="noopener noreferrer nofollow">
              {site.replace(/^https?:\/\//i, '')}
            </a>
          </p>
        )}
        {bio && <div className="persona-bio post-content" dir="auto" dangerouslySetInnerHTML={{ __html: bio }} />}
      </div>
    </div>
  );
}
