import { useEffect, useState } from 'react';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { isInstancePostType } from '../../src-shared/api/vocabulary';
import { useScheduled } from '../state/scheduled';
import { cancelSchedule, publishNow, reschedule } from '../state/scheduled-actions';
import { POST_TYPE_WORDS } from '../util/post-type-words';
import { fullTime, localInputToUnix, unixToLocalInput } from '../util/time';
import { scheduledTimeText } from '../util/scheduled-time';

/** How often "in 3 hours" is written again. */
const CLOCK_MS = 30_000;

/**
 * The account's scheduled posts, the soonest first, each with when it goes out: change the time, publish it
 * now, or move it back to Drafts (it is then not published). The list is kept by useScheduledKept, which
 * the shell runs; a post whose time comes leaves it for the timelines.
 */
export default function ScheduledScreen() {
  const { posts, status, error, load } = useScheduled();
  const [now, setNow] = useState(() => Date.now());
  // Read afresh when opened: a post scheduled in the composer a moment ago is listed without waiting for the poll.
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <section className="screen" aria-labelledby="screen-title">
      <header className="screen-head">
        <h1 id="screen-title">Scheduled</h1>
      </header>
      <div className="screen-scroll">
        {status === 'error' && (
          <p className="empty" role="alert">
            {error}{' '}
            <button type="button" onClick={() => void load()}>
              Try again
            </button>
          </p>
        )}
        {status === 'ready' && posts.length === 0 && (
          <p className="empty">
            Nothing is scheduled. A post given a publication time ahead waits here until then, off the timelines.
          </p>
        )}
        {posts.length > 0 && (
          <ul className="scheduled-list" aria-label="Scheduled posts">
            {posts.map((post) => (
              <ScheduledItem key={post.guid} post={post} nowMs={now} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ScheduledItem({ post, nowMs }: { post: RemotePost; nowMs: number }) {
  const busy = useScheduled((s) => s.busy.includes(post.guid));
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(() => unixToLocalInput(post.publish_unix));
  const [problem, setProblem] = useState<string | null>(null);
  const label = excerpt(post.title || post.text) || 'untitled';
  const kind = isInstancePostType(post.type) ? POST_TYPE_WORDS[post.type].one : 'Post';

  const save = async () => {
    const unix = localInputToUnix(value);
    const wrong =
      unix === null
        ? 'Give a date and a time.'
        : unix * 1000 <= Date.now()
          ? 'That time has passed: pick one ahead, or publish now.'
          : null;
    setProblem(wrong);
    if (unix === null || wrong !== null) return;
    if (await reschedule(post, unix)) setEditing(false);
  };

  return (
    <li className="scheduled-post" aria-label={`${kind}: ${label}`}>
      <div className="scheduled-text">
        <span className="post-kind">
          {kind} as {post.persona.name || post.persona.as}
        </span>
        {post.title && <strong dir="auto">{post.title}</strong>}
        <p dir="auto">{excerpt(post.text)}</p>
        <time
          className="scheduled-when"
          dateTime={new Date(post.publish_unix * 1000).toISOString()}
          title={fullTime(post.publish_unix)}
        >
          {scheduledTimeText(post.publish_unix, nowMs)}
        </time>
        {editing && (
          <form
            className="scheduled-edit"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <label>
              Publish at{' '}
              <input
                type="datetime-local"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                aria-invalid={problem !== null}
                aria-describedby={problem ? `when-${post.guid}` : undefined}
              />
            </label>
            <button type="submit" className="primary" disabled={busy}>
              Save time
            </button>
            <button type="button" onClick={() => setEditing(false)}>
              Keep the time
            </button>
            {problem && (
              <span id={`when-${post.guid}`} className="scheduled-problem" role="alert">
                {problem}
              </span>
            )}
          </form>
        )}
      </div>
      <div className="scheduled-actions">
        {!editing && (
          <button
            type="button"
            disabled={busy}
            aria-label={`Change time: ${label}`}
            onClick={() => {
              setValue(unixToLocalInput(post.publish_unix));
              setEditing(true);
            }}
          >
            Change time
          </button>
        )}
        <button
          type="button"
          className="primary"
          disabled={busy}
          aria-label={`Publish now: ${label}`}
          onClick={() => void publishNow(post)}
        >
          Publish now
        </button>
        <button
          type="button"
          disabled={busy}
          title="Back to Drafts: it will not be published"
          aria-label={`Cancel, back to Drafts: ${label}`}
          onClick={() => void cancelSchedule(post)}
        >
          Cancel
        </button>
      </div>
    </li>
  );
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 140 ? `${flat.slice(0, 140)}…` : flat;
}
