import DOMPurify from 'dompurify';
import { KEPT_ELEMENTS } from '../../src-shared/text/html-elements';

/**
 * Post HTML is sanitised by the service when it is written; it is sanitised again here, because a post
 * pulled from a remote, or a store written by an older version, is only as safe as its source. The allow
 * list is the service's: text formatting, links, lists, quotes, code, tables, images.
 */
const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'code',
  'del',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strong',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
  'input',
  ...KEPT_ELEMENTS,
];
const ALLOWED_ATTR = [
  'href',
  'title',
  'alt',
  'src',
  'lang',
  'dir',
  'type',
  'checked',
  'disabled',
  'colspan',
  'rowspan',
  'align',
];

let hooked = false;

/** Links leave the app: a new browsing context without a way back to this page. */
function hookLinks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    // Task-list checkboxes are shown, never ticked from here.
    if (node.tagName === 'INPUT') {
      if (node.getAttribute('type') !== 'checkbox') node.remove();
      else node.setAttribute('disabled', '');
    }
  });
}

export function sanitizePostHtml(html: string): string {
  hookLinks();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ADD_ATTR: ['target', 'rel'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|data:image\/(?:png|gif|jpeg|webp);)/i,
  });
}
