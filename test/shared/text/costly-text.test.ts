import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tooCostlyToFormat } from '../../../src-shared/text/complexity';
import { toMarkdown } from '../../../src-shared/text/html-to-markdown';
import { renderMarkdown } from '../../../src-shared/text/markdown';
import { extractMentionHandles } from '../../../src-shared/text/mentions';
import { COSTLY, fastestOf, ordinaryText } from '../../support/costly-texts';

/**
 * Texts built to cost more than their length: comments and tags never closed, nesting, tables padded to
 * their header, elements by the thousand. Each step a write or a pull takes on a text (converting it,
 * rendering it, finding its mentions) must not throw and must take no longer than that step on an ordinary
 * article of the same length, measured in the same run, within a factor: a busy machine slows both alike,
 * and only work that grows faster than the text fails (most of these cases took 10 to 100 times as long, or threw).
 */

const STEPS = { toMarkdown, renderMarkdown, extractMentionHandles } as const;
type Step = keyof typeof STEPS;

/** How much longer than an ordinary article a text may take; and a floor for texts too short to time well. */
const FACTOR = 3;
const FLOOR_MS = 30;

/**
 * `step` on `text` from scratch. The pipeline remembers the last text it judged and read (a write reads its
 * text three times), so another is read first: each run pays for the whole of its own step.
 */
const fromScratch = (step: Step, text: string) => () => {
  renderMarkdown('-');
  STEPS[step](text);
};

const yardsticks = new Map<string, number>();

/** The time `step` takes on an ordinary article of (a little more than) `length` characters. */
function yardstick(step: Step, length: number): number {
  const rounded = Math.ceil(length / 10_000) * 10_000;
  const key = `${step} ${rounded}`;
  let ms = yardsticks.get(key);
  if (ms === undefined) {
    ms = fastestOf(fromScratch(step, ordinaryText(rounded)));
    yardsticks.set(key, ms);
  }
  return ms;
}

/** Runs `step` on `text`, expecting no throw and a time within the bound (a slow first run is timed again). */
function expectWithinBound(step: Step, text: string): void {
  const bound = FLOOR_MS + FACTOR * yardstick(step, text.length);
  const run = fromScratch(step, text);
  const start = performance.now();
  run();
  let ms = performance.now() - start;
  if (ms > bound) ms = Math.min(ms, fastestOf(run, 2));
  expect(
    ms,
    `${step} took ${ms.toFixed(0)} ms on ${text.length} characters; the bound is ${bound.toFixed(0)} ms`,
  ).toBeLessThan(bound);
}

/** Rendering falls back to plain text on an error it did not foresee, and says so: here, the bounds must be enough. */
let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error');
});
afterEach(() => {
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

describe('texts that once cost seconds or threw', () => {
  it.each(Object.entries(COSTLY))('%s: converts, renders and finds mentions within the bound', (_, text) => {
    expect(text.length).toBeLessThanOrEqual(100_000);
    for (const step of Object.keys(STEPS) as Step[]) expectWithinBound(step, text);
  });

  it('formats an ordinary article of 100,000 characters in full', () => {
    const article = ordinaryText(100_000);
    expect(tooCostlyToFormat(article)).toBeNull();
    const html = renderMarkdown(article);
    for (const element of [
      '<h2>',
      '<em>',
      '<strong>',
      '<a href',
      '<code>',
      '<li>',
      '<table>',
      '<td align="center">',
      '<blockquote>',
      '<pre>',
      '<b>',
      '<sub>',
    ]) {
      expect(html).toContain(element);
    }
  });
});

/** Pieces of markup that open without closing, close without opening, or start a construct. */
const PIECE = fc.constantFrom(
  '<',
  '>',
  '<!--',
  '-->',
  '<?',
  '?>',
  '<!X',
  '<![CDATA[',
  ']]>',
  '<!doctype ',
  '<b>',
  '</b>',
  '<i>',
  '</i>',
  '<div>',
  '</div>',
  '<span>',
  '<p>',
  '<td>',
  '<tr>',
  '<li>',
  '<ol>',
  '<ul>',
  '<table>',
  '<br>',
  '<a href="https://a.test">',
  '</a>',
  '<img src="b">',
  '&amp;',
  '&#1;',
  '&nbsp;',
  '&',
  '[',
  ']',
  '(',
  ')',
  '!',
  '[a](b)',
  '![a](b)',
  '](c)',
  '[a]: b\n',
  '*',
  '**',
  '_',
  '__',
  '~',
  '~~',
  '`',
  '```',
  '\\',
  '\\*',
  '|',
  '|-',
  '| a ',
  '> ',
  '- ',
  '* ',
  '1. ',
  '#',
  '# ',
  '=',
  '    ',
  '\t',
  ' ',
  '\n',
  '\n\n',
  'a',
  'word ',
  'www.a.b',
  'https://a.test',
  'a@b.test',
  '@a',
  '#a',
);

/** A run of pieces repeated to a length: the arrangements of marks, brackets and tags a long text can hold. */
const run = fc
  .tuple(fc.array(PIECE, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1_000, max: 100_000 }))
  .map(([pieces, length]) =>
    pieces
      .join('')
      .repeat(Math.ceil(length / pieces.join('').length))
      .slice(0, length),
  );

/** One thing inside another, `depth` times: emphasis, links, images, quotes, lists, elements. */
const NESTING = [
  ['*', '*'],
  ['**', '**'],
  ['_', '_'],
  ['__', '__'],
  ['~~', '~~'],
  ['*a ', ' a*'],
  ['_a ', ' a_'],
  ['***a ', ' a***'],
  ['[', ']'],
  ['[', '](b)'],
  ['![', '](b)'],
  ['[![', '](b)](c)'],
  ['(', ')'],
  ['<b>', '</b>'],
  ['<i><b>', '</b></i>'],
  ['<div>', '</div>'],
  ['<div>\n', '\n</div>'],
  ['<span>', '</i>'],
  ['<ul><li>', '</li></ul>'],
  ['<table><tr><td>', '</td></tr></table>'],
  ['> ', ''],
  ['- ', ''],
  ['1. ', ''],
  ['> - ', ''],
  ['`', '`'],
] as const;
const nested = fc
  .tuple(
    fc.constantFrom(...NESTING),
    fc.integer({ min: 1, max: 5_000 }),
    fc.constantFrom('x', 'a b', 'x\ny', 'words in the middle '.repeat(50)),
  )
  .map(([[open, close], depth, inner]) => `${open.repeat(depth)}${inner}${close.repeat(depth)}`);

/** Lines that each open quotes and lists, many of them. */
const lines = fc
  .tuple(
    fc.constantFrom('>', '> ', '- ', '* ', '1. ', '  ', '> - ', '| a '),
    fc.integer({ min: 1, max: 120 }),
    fc.constantFrom('a', 'a |', ''),
    fc.integer({ min: 1, max: 40_000 }),
  )
  .map(([opener, depth, text, count]) => `${opener.repeat(depth)}${text}\n`.repeat(count));

/** Tables with many columns and rows, rows shorter than the header (padded to it) or longer. */
const tables = fc
  .tuple(fc.integer({ min: 1, max: 3_000 }), fc.integer({ min: 1, max: 40_000 }), fc.integer({ min: 0, max: 3_000 }))
  .map(
    ([columns, rows, cells]) =>
      `${'|h'.repeat(columns)}|\n${'|-'.repeat(columns)}|\n${`${'|x'.repeat(cells)}\n`.repeat(rows)}`,
  );

/** Runs of `*`, `_` and `~` of any length, each between any kind of neighbours, up to the 10,000 marks a text may have. */
const emphasis = fc
  .array(
    fc.tuple(
      fc.constantFrom('', ' ', 'a', '.', '\n'),
      fc.constantFrom('*', '_', '~'),
      fc.integer({ min: 1, max: 5_000 }),
      fc.constantFrom('', ' ', 'a', '.', '\n'),
    ),
    { minLength: 1, maxLength: 4_000 },
  )
  .map((runs) => {
    let marks = 0;
    let text = '';
    for (const [before, mark, length, after] of runs) {
      const taken = Math.min(length, 10_000 - marks);
      if (taken <= 0) break;
      marks += taken;
      text += `${before}${mark.repeat(taken)}${after}`;
    }
    return text;
  });

/** A generated text, shown by its length and its start should a property fail: the whole would fill the screen. */
const pathological = fc
  .array(fc.oneof(run, nested, lines, tables, emphasis), { minLength: 1, maxLength: 3 })
  .map((parts) => {
    const text = parts.join('\n').slice(0, 100_000);
    return { text, [fc.toStringMethod]: () => `${text.length} characters: ${JSON.stringify(text.slice(0, 200))}…` };
  });

describe('generated costly texts', () => {
  it('never throw, and each step stays within the bound', () => {
    fc.assert(
      fc.property(pathological, ({ text }) => {
        for (const step of Object.keys(STEPS) as Step[]) expectWithinBound(step, text);
      }),
      // A fixed seed, so that a run of the suite is the same on every machine; COSTLY_SEED explores others
      // (`COSTLY_SEED=$RANDOM npx vitest run test/shared/text/costly-text.test.ts`), and a case found so
      // joins the named ones (test/support/costly-texts.ts).
      { numRuns: 60, endOnFailure: true, seed: Number(process.env['COSTLY_SEED'] ?? 20261126) },
    );
  });
});
