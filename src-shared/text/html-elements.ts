/*
 * The HTML element names the text module knows. CommonMark lets any `<word>` be inline HTML, but
 * `Array<string>` or `<bob>` in a post are prose: only these names make a tag HTML.
 */

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/** Elements that make blocks: a fragment holding one is converted as blocks, otherwise as a run of text. */
export const BLOCK_ELEMENTS: ReadonlySet<string> = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  ...HEADINGS,
  'head',
  'header',
  'hr',
  'html',
  'legend',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

/** Elements that never have content or a closing tag. */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * Formatting that Markdown cannot write. Converted HTML keeps these as bare tags (attributes dropped), and
 * both sanitisers let them through, so an underline or a key name survives the trip through Markdown.
 */
export const KEPT_ELEMENTS = ['u', 'ins', 'mark', 'kbd', 'sub', 'sup', 'small'] as const;

/** Elements whose content is text up to their closing tag, never markup. */
export const RAW_TEXT_ELEMENTS: ReadonlySet<string> = new Set(['script', 'style', 'textarea', 'title']);

export const KNOWN_ELEMENTS: ReadonlySet<string> = new Set([
  ...BLOCK_ELEMENTS,
  ...VOID_ELEMENTS,
  ...KEPT_ELEMENTS,
  ...RAW_TEXT_ELEMENTS,
  'a',
  'abbr',
  'audio',
  'b',
  'bdi',
  'bdo',
  'big',
  'button',
  'canvas',
  'cite',
  'code',
  'colgroup',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'iframe',
  'label',
  'math',
  'noscript',
  'object',
  'picture',
  'q',
  's',
  'samp',
  'select',
  'span',
  'strike',
  'strong',
  'svg',
  'template',
  'time',
  'tt',
  'var',
  'video',
]);
