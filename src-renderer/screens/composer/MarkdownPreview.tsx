import { useDeferredValue, useMemo } from 'react';
import { formatMarkdown } from '../../../src-shared/text/format-markdown';
import { sanitizePostHtml } from '../../util/sanitize';

export function MarkdownPreview({ text, label = 'Preview' }: { text: string; label?: string }) {
  // Deferred: a long article keeps typing fluid while its preview catches up.
  const deferred = useDeferredValue(text);
  const html = useMemo(() => sanitizePostHtml(formatMarkdown(deferred)), [deferred]);
  return (
    <section className="preview" aria-label={label}>
      {deferred.trim() === '' ? (
        <p className="subtle">The preview appears here as you write.</p>
      ) : (
        <div className="post-content" dir="auto" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </section>
  );
}
