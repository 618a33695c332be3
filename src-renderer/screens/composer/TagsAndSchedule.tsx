import { PRIVACIES } from '../../../src-shared/api/vocabulary';
import { Problems, problemId } from './Problems';
import type { Draft } from '../../../src-shared/api/draft';
import type { FoldedSectionProps } from './section-props';

const PRIVACY_NAMES: Record<string, string> = {
  'visibility.public': 'Public',
  'visibility.private': 'Private (your readers)',
  'visibility.none': 'Only you',
};

/** Tags, who may read the post and when it is published and expires, folded away until wanted. */
export function TagsAndSchedule({ draft, set, problems, described, open }: FoldedSectionProps) {
  const filled =
    draft.tags !== '' || draft.publishAt !== '' || draft.expiresAt !== '' || draft.privacy !== 'visibility.public';
  const anyProblem = (['tags', 'privacy', 'publishAt', 'expiresAt'] as const).some((f) => problems[f]?.length);
  return (
    <details className="more-options" open={anyProblem || (open && filled)}>
      <summary>Tags, privacy, schedule</summary>
      <div className="row">
        <div className="field">
          <label>
            Tags (comma between)
            <input value={draft.tags} onChange={(e) => set({ tags: e.target.value })} {...described('tags')} />
          </label>
          <Problems list={problems.tags} id={problemId(draft.id, 'tags')} />
        </div>
        <div className="field">
          <label>
            Privacy
            <select
              value={draft.privacy}
              onChange={(e) => set({ privacy: e.target.value as Draft['privacy'] })}
              {...described('privacy')}
            >
              {PRIVACIES.map((p) => (
                <option key={p} value={p}>
                  {PRIVACY_NAMES[p]}
                </option>
              ))}
            </select>
          </label>
          <Problems list={problems.privacy} id={problemId(draft.id, 'privacy')} />
        </div>
      </div>
      <div className="row">
        <label>
          Publish at (empty: now)
          <input
            type="datetime-local"
            value={draft.publishAt}
            onChange={(e) => set({ publishAt: e.target.value })}
            {...described('publishAt')}
          />
        </label>
        <label>
          Expires at (empty: never)
          <input
            type="datetime-local"
            value={draft.expiresAt}
            onChange={(e) => set({ expiresAt: e.target.value })}
            {...described('expiresAt')}
          />
        </label>
      </div>
      <Problems
        list={[...(problems.publishAt ?? []), ...(problems.expiresAt ?? [])]}
        id={problemId(draft.id, 'publishAt')}
      />
    </details>
  );
}
