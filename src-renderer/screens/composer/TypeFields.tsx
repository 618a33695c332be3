import { needsSource } from '../../../src-shared/api/vocabulary';
import { isRequired, labelOf } from './field-words';
import { Problems, problemId, RequiredMark } from './Problems';
import { LIMITS } from './publish';
import type { SectionProps } from './section-props';

/** The fields a type adds: an article's title, the page a bookmark or quotation is about. Marked as the type requires. */
export function TypeFields({ draft, set, problems, described }: SectionProps) {
  const mark = (variable: 'title' | 'source_url' | 'source_title') => {
    const required = isRequired(variable, draft.type);
    return {
      label: (
        <>
          {labelOf(variable)} <RequiredMark required={required} />
        </>
      ),
      required,
    };
  };
  const title = mark('title');
  const url = mark('source_url');
  const sourceTitle = mark('source_title');
  return (
    <>
      {draft.type === 'post.article' && (
        <div className="field">
          <label>
            <span>{title.label}</span>
            <input
              value={draft.title}
              maxLength={LIMITS.titleChars}
              aria-required={title.required}
              onChange={(e) => set({ title: e.target.value })}
              dir="auto"
              {...described('title')}
            />
          </label>
          <Problems list={problems.title} id={problemId(draft.id, 'title')} />
        </div>
      )}
      {needsSource(draft.type) && (
        <div className="row">
          <div className="field">
            <label>
              <span>{url.label}</span>
              <input
                type="url"
                value={draft.sourceUrl}
                placeholder="https://"
                aria-required={url.required}
                onChange={(e) => set({ sourceUrl: e.target.value })}
                {...described('sourceUrl')}
              />
            </label>
            <Problems list={problems.sourceUrl} id={problemId(draft.id, 'sourceUrl')} />
          </div>
          <div className="field">
            <label>
              <span>{sourceTitle.label}</span>
              <input
                value={draft.sourceTitle}
                aria-required={sourceTitle.required}
                onChange={(e) => set({ sourceTitle: e.target.value })}
                dir="auto"
                {...described('sourceTitle')}
              />
            </label>
            <Problems list={problems.sourceTitle} id={problemId(draft.id, 'sourceTitle')} />
          </div>
        </div>
      )}
    </>
  );
}
