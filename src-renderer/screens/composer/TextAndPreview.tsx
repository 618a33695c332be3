import type { RefObject } from 'react';
import type { Draft } from '../../../src-shared/api/draft';
import { isRequired, labelOf } from './field-words';
import { MarkdownPreview } from './MarkdownPreview';
import { Problems, problemId, RequiredMark } from './Problems';
import { byteCount, charCount, LIMITS, type Problems as ProblemList } from './publish';

interface Props {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  problems: ProblemList;
  textArea: RefObject<HTMLTextAreaElement | null>;
  compact: boolean;
  preview: boolean;
  setPreview: (preview: boolean) => void;
}

/**
 * The post's text and its preview, one at a time: Edit and Preview say which is shown (aria-pressed), and
 * the preview is the Markdown rendering the post will have. The text stays in the draft either way.
 */
export function TextAndPreview({ draft, set, problems, textArea, compact, preview, setPreview }: Props) {
  const chars = charCount(draft.text);
  const bytes = byteCount(draft.text);
  const invalid = (problems.text?.length ?? 0) > 0;
  const label = draft.type === 'post.quotation' ? 'Quotation and comment' : labelOf('content');
  const required = isRequired('content', draft.type);
  return (
    <div className="text-and-preview">
      <div className="text-head">
        <label htmlFor={`text-${draft.id}`}>
          <span>
            {label} (Markdown) <RequiredMark required={required} />
          </span>
        </label>
        {!compact && <ViewToggle preview={preview} setPreview={setPreview} />}
      </div>
      <textarea
        id={`text-${draft.id}`}
        ref={textArea}
        value={draft.text}
        rows={compact ? 3 : 8}
        dir="auto"
        hidden={preview}
        aria-required={required}
        onChange={(e) => set({ text: e.target.value })}
        {...(invalid ? { 'aria-invalid': true, 'aria-describedby': problemId(draft.id, 'text') } : {})}
      />
      {preview && <MarkdownPreview text={draft.text} />}
      <p className={`counter${chars > LIMITS.textChars ? ' over' : ''}`} aria-live="polite">
        {chars.toLocaleString()} / {LIMITS.textChars.toLocaleString()} characters · {bytes.toLocaleString()} bytes
        {draft.type !== 'post.article' &&
          bytes > LIMITS.blurbBytes &&
          ' · longer than the 8,192 bytes a legacy remote accepts for a note'}
      </p>
      <Problems list={problems.text} id={problemId(draft.id, 'text')} />
    </div>
  );
}

/** Edit or Preview: the pressed one is what is shown. */
export function ViewToggle({ preview, setPreview }: { preview: boolean; setPreview: (preview: boolean) => void }) {
  return (
    <div className="view-toggle" role="group" aria-label="Show the text as">
      <button type="button" aria-pressed={!preview} onClick={() => setPreview(false)}>
        Edit
      </button>
      <button type="button" aria-pressed={preview} onClick={() => setPreview(true)}>
        Preview
      </button>
    </div>
  );
}
