import type TurndownService from 'turndown';
import { KEPT_ELEMENTS } from './html-elements';
import { IMAGE_SCHEMES, isAllowedUrl, LINK_SCHEMES } from './sanitize';

/*
 * Rules that turndown lacks or gets wrong for us. Turndown's own GFM plugin is a separate package; the
 * tables, strikethrough and task lists below matter because mixed input is first rendered with marked
 * (GFM on), and whatever Markdown the author wrote must survive the trip back.
 */

/** Elements whose content is code, fallback or metadata, never words of the post. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'head',
  'title',
  'svg',
  'math',
  'select',
  'textarea',
  'button',
]);

type TurndownNode = Parameters<TurndownService.ReplacementFunction>[1];

/** A link destination turndown-style: brackets escaped, angle-bracketed when it holds spaces. */
function destination(url: string): string {
  const escaped = url.replace(/([<>()])/g, '\\$1');
  return /\s/.test(escaped) ? `<${escaped}>` : escaped;
}

function titlePart(node: TurndownNode): string {
  const title = node.getAttribute('title')?.trim();
  return title ? ` "${title.replace(/"/g, '\\"')}"` : '';
}

/**
 * The first row of each table converted so far. Looking it up for every row would read the whole table
 * each time, and a table of thousands of rows would cost time growing with the square of their number.
 */
const firstRows = new WeakMap<Element, Element | null>();

function isHeadingRow(row: TurndownNode): boolean {
  // GFM tables always have a header; the first row plays that part when the HTML had no <thead>.
  const table = row.closest('table');
  if (!table) return false;
  let first = firstRows.get(table);
  if (first === undefined) {
    first = table.querySelector('tr');
    firstRows.set(table, first);
  }
  return first === row;
}

/** Where each item stands in its list, for the same reason: counted once per list, not once per item. */
const itemNumbers = new WeakMap<Element, Map<Element, number>>();

function itemNumber(list: Element, item: Element): number {
  let numbers = itemNumbers.get(list);
  if (!numbers) {
    numbers = new Map(Array.from(list.children, (child, index) => [child, index]));
    itemNumbers.set(list, numbers);
  }
  return numbers.get(item) ?? -1;
}

function separatorRow(row: TurndownNode): string {
  const cells = Array.from(row.children).map((cell) => {
    const align = cell.getAttribute('align');
    if (align === 'center') return ':---:';
    if (align === 'right') return '---:';
    return align === 'left' ? ':---' : '---';
  });
  return `\n| ${cells.join(' | ')} |`;
}

export function addSafetyRules(service: TurndownService): void {
  service.remove((node) => DROPPED.has(node.nodeName.toLowerCase()));
  service.addRule('safeLink', {
    filter: 'a',
    replacement: (content, node) => {
      const href = node.getAttribute('href') ?? '';
      // A refused target leaves the words; the Markdown must not carry the payload on to other clients.
      if (!isAllowedUrl(href, LINK_SCHEMES)) return content;
      const text = node.textContent;
      // A link that shows its own address reads best as a Markdown autolink.
      if (!/[\s<>]/.test(href) && (text === href || `mailto:${text}` === href)) return `<${text}>`;
      return `[${content}](${destination(href)}${titlePart(node)})`;
    },
  });
  service.addRule('safeImage', {
    filter: 'img',
    replacement: (_content, node) => {
      const src = node.getAttribute('src') ?? '';
      const alt = service.escape(node.getAttribute('alt')?.replace(/\s+/g, ' ').trim() ?? '');
      if (!isAllowedUrl(src, IMAGE_SCHEMES)) return alt;
      return `![${alt}](${destination(src)}${titlePart(node)})`;
    },
  });
}

export function addGfmRules(service: TurndownService): void {
  service.addRule('listItem', {
    // Turndown pads markers to four columns ("-   item"); one space is what people write.
    filter: 'li',
    replacement: (content, node, options) => {
      const list = node.parentElement;
      let prefix = `${options.bulletListMarker ?? '-'} `;
      if (list?.nodeName === 'OL') {
        const start = Number(list.getAttribute('start') ?? 1);
        prefix = `${start + itemNumber(list, node)}. `;
      }
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, content.endsWith('\n') ? '\n' : '')
        // marked writes `<input type="checkbox"> task`; one space after the box, as in the source.
        .replace(/^(\[[ x]\]) +/, '$1 ');
      const indented = body.replace(/\n/g, `\n${' '.repeat(prefix.length)}`);
      return prefix + indented + (node.nextSibling ? '\n' : '');
    },
  });
  service.addRule('taskCheckbox', {
    filter: (node) => node.nodeName === 'INPUT' && node.getAttribute('type') === 'checkbox',
    replacement: (_content, node) => (node.hasAttribute('checked') ? '[x] ' : '[ ] '),
  });
  service.addRule('strikethrough', {
    filter: (node) => ['DEL', 'S', 'STRIKE'].includes(node.nodeName),
    replacement: (content) => (content.trim() ? `~~${content}~~` : ''),
  });
  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      const cell = content
        .replace(/\s*\n\s*/g, ' ')
        .replace(/\|/g, '\\|')
        .trim();
      return `${node.previousElementSibling ? ' ' : '| '}${cell} |`;
    },
  });
  service.addRule('tableRow', {
    filter: 'tr',
    replacement: (content, node) => `\n${content.trim()}${isHeadingRow(node) ? separatorRow(node) : ''}`,
  });
  service.addRule('tableSection', {
    filter: ['thead', 'tbody', 'tfoot'],
    replacement: (content) => content,
  });
  service.addRule('table', {
    filter: 'table',
    replacement: (content) => `\n\n${content.replace(/^\n+/, '')}\n\n`,
  });
}

/** Formatting Markdown cannot write stays a bare tag around its converted content (html-elements.ts). */
export function addKeptElements(service: TurndownService): void {
  service.addRule('kept', {
    filter: [...KEPT_ELEMENTS],
    replacement: (content, node) => {
      const name = node.nodeName.toLowerCase();
      return content === '' ? '' : `<${name}>${content}</${name}>`;
    },
  });
}
