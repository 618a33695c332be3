import { useId, useState } from 'react';
import { RelativeTime } from '../../components/RelativeTime';
import type { Draft } from '../../../src-shared/api/draft';
import { useDrafts } from '../../state/drafts';
import { useUi } from '../../state/ui';
import { excerptOf } from '../../util/excerpt';
import { POST_TYPE_WORDS } from '../../util/post-type-words';
import { localInputToUnix, unixToLocalInput } from '../../util/time';
import { isScheduled } from '../composer/send';
import { deleteDraft, publishNow, sendFromList } from './draft-actions';

/** What kind of post the draft becomes, said on its own line before its words. */
export function draftKind(d: Draft): string {
  const kind = POST_TYPE_WORDS[d.type].one;
  if (d.editing !== null) return `Edit of a ${kind.toLowerCase()}`;
  return d.replyTo !== null ? `Reply · ${kind}` : kind;
}

/** The title, or the first words: what the person recognises a draft by. */
export const draftName = (d: Draft): string => excerptOf((d.title.trim() || d.text).replace(/\s+/g, ' ').trim(), 140);

/** The next whole hour: where a new schedule starts. */
const nextHour = (): string => unixToLocalInput(Math.ceil(Date.now() / 3_600_000) * 3600);

/**
 * A draft kept beside another because both were changed apart (on two desks, or a page offline): which one
 * it was copied from, so that the person can keep what they want of each and delete the other.
 */
function CopyNote({ copyOf }: { copyOf: string }) {
  const original = useDrafts((s) => s.drafts.find((d) => d.id === copyOf));
  return (
    <p className="draft-copy">
      {original
        ? `A second version of “${draftName(original) || 'an empty draft'}”, changed elsewhere at the same time.`
        : 'A second version of a draft changed elsewhere at the same time.'}
    </p>
  );
}

/** One draft in the list: kind, title or first words, when it last changed, and what can be done with it. */
export function DraftRow({ draft }: { draft: Draft }) {
  const nameId = useId();
  const [busy, setBusy] = useState(false);
  const [scheduling, setScheduling] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const editing = draft.editing !== null;
  const name = draftName(draft);
  const text = draft.title.trim() ? excerptOf(draft.text.replace(/\s+/g, ' ').trim(), 140) : '';
  const described = { 'aria-describedby': nameId };

  const run = async (send: () => Promise<boolean>) => {
    setBusy(true);
    if (await send()) return;
    setBusy(false);
  };
  const schedule = () => {
    const at = localInputToUnix(scheduling ?? '');
    if (at === null || at <= Date.now() / 1000) {
      setProblem('Choose a time still to come.');
      return;
    }
    void run(() => sendFromList(draft, { publishAt: scheduling ?? '' }));
  };

  return (
    <li className="draft">
      <div className="draft-text">
        <span className="post-kind">{draftKind(draft)}</span>
        <strong id={nameId} className="draft-name" dir="auto">
          {name || 'Nothing written yet'}
        </strong>
        {text && <p dir="auto">{text}</p>}
        {draft.copyOf !== null && <CopyNote copyOf={draft.copyOf} />}
        <span className="subtle">
          Changed <RelativeTime unix={Math.floor(draft.updatedAt / 1000)} />
          {!editing && isScheduled(draft) && (
            <>
              {' · to publish '}
              <RelativeTime unix={localInputToUnix(draft.publishAt) ?? 0} />
            </>
          )}
        </span>
        {scheduling !== null && (
          <form
            className="draft-schedule"
            aria-label="Schedule"
            onSubmit={(e) => {
              e.preventDefault();
              schedule();
            }}
          >
            <label>
              Publish at
              <input
                type="datetime-local"
                value={scheduling}
                onChange={(e) => setScheduling(e.target.value)}
                aria-invalid={problem !== null}
              />
            </label>
            <button type="submit" className="primary" disabled={busy}>
              Schedule
            </button>
            <button type="button" onClick={() => setScheduling(null)}>
              Cancel
            </button>
            {problem && (
              <p className="field-error" role="alert">
                {problem}
              </p>
            )}
          </form>
        )}
      </div>
      <div className="draft-actions">
        <button type="button" onClick={() => useUi.getState().openComposer(draft.id)} {...described}>
          Open
        </button>
        <button
          type="button"
          className="primary"
          disabled={busy}
          onClick={() => void run(() => publishNow(draft))}
          {...described}
        >
          {editing ? 'Save now' : 'Publish now'}
        </button>
        {!editing && scheduling === null && (
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setProblem(null);
              setScheduling(isScheduled(draft) ? draft.publishAt : nextHour());
            }}
            {...described}
          >
            Schedule…
          </button>
        )}
        <button type="button" className="danger" onClick={() => deleteDraft(draft)} {...described}>
          Delete
        </button>
      </div>
    </li>
  );
}
