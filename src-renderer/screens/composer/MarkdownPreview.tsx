import { Marked } from 'marked';
import { useDeferredValue, useMemo } from 'react';
import { sanitizePostHtml } from '../../util/sanitize';

/** The service's Markdown flavour (GitHub-flavoured, single line breaks kept), so the preview is what appears. */
const markdown = new Marked({ gfm: true, breaks: true, async: false });

export function MarkdownPreview({ text, label = 'Preview' }: { text: string; label?: string }) {
  // Deferred: a long article keeps typing fluid while its preview catches up.
  const deferred = useDeferredValue(text);
  const html = useMemo(() => sanitizePostHtml(markdown.parse(deferred, { async: false })), [deferred]);
  return (
    <section className="preview" aria-label={label}>
      {deferred.trim() === '' ? <p className="subtle">The preview appears here as you write.</p> : <div className="post-content" dir="auto" dangerouslySetInnerHTML={{ __html: html }} />}
    </section>
  );
}
