import { timelineOrder } from '../../src-shared/store/order';
import type { PostRow, PostType } from '../../src-shared/store/rows';
import { renderMarkdown } from '../../src-shared/text';

interface CorpusOptions {
  count: number;
  accountGuid: string;
  personas: string[];
  channels: string[];
  handles: string[];
}

const WORDS = 'local first writing publishing offline draft thread reply garden river morning coffee note idea'.split(
  ' ',
);
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'tas', 'vel', 'dor', 'shi', 'pu', 'gan', 'ber', 'nox'];
/**
 * Text words as prose has them: a vocabulary of 1,728 made-up words drawn with a Zipf-like (log-uniform)
 * rank, so a few words are in most posts and most words in few, and a two-word search has a realistic
 * intersection rather than every post.
 */
export const VOCABULARY = SYLLABLES.flatMap((a) => SYLLABLES.flatMap((b) => SYLLABLES.map((c) => `${a}${b}${c}`)));
const FIVE_YEARS = 5 * 365 * 86_400;

/** A deterministic corpus: the same posts every run, so figures compare across runs. */
export function buildCorpus(options: CorpusOptions): { rows: PostRow[]; threadRoot: string } {
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(list: readonly T[]): T => {
    const item = list[Math.floor(random() * list.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const now = Math.floor(Date.now() / 1000);
  const rows: PostRow[] = [];
  const threadRoot = crypto.randomUUID();
  for (let i = 0; i < options.count; i++) {
    const r = random();
    const type: PostType =
      r < 0.7 ? 'post.note' : r < 0.85 ? 'post.article' : r < 0.95 ? 'post.bookmark' : 'post.quotation';
    const prose = () => VOCABULARY[Math.floor(Math.exp(random() * Math.log(VOCABULARY.length))) - 1] ?? 'idea';
    const words = Array.from({ length: 8 + Math.floor(random() * 40) }, () => (random() < 0.2 ? pick(WORDS) : prose()));
    const mention = random() < 0.05 ? `@${pick(options.handles)} ` : '';
    const text = `${mention}${words.join(' ')} **${pick(WORDS)}** [link](https://example.com/${i})`;
    const inThread = i < 200;
    const guid = i === 0 ? threadRoot : crypto.randomUUID();
    const publishUnix = inThread ? now - 86_400 + i : now - Math.floor(random() * FIVE_YEARS);
    rows.push({
      guid,
      type: inThread ? 'post.note' : type,
      privacy: random() < 0.9 ? 'visibility.public' : 'visibility.private',
      accountGuid: options.accountGuid,
      personaGuid: pick(options.personas),
      channelGuid: pick(options.channels),
      title: type === 'post.article' && !inThread ? `Article ${i}` : null,
      text,
      html: renderMarkdown(text),
      tags: random() < 0.3 ? [pick(WORDS)] : [],
      mentions: [],
      replyTo: inThread && i > 0 ? `http://bench.local/posts/${threadRoot}` : null,
      parentGuid: inThread && i > 0 ? threadRoot : null,
      threadKey: inThread ? threadRoot : guid,
      sourceUrl: type === 'post.bookmark' || type === 'post.quotation' ? `https://example.com/source/${i}` : null,
      sourceTitle: type === 'post.bookmark' || type === 'post.quotation' ? `Source ${i}` : null,
      geo: null,
      slug: null,
      canonicalPath: `/posts/${guid}`,
      publishUnix,
      order: timelineOrder(publishUnix, guid),
      expiresUnix: null,
      createdUnix: publishUnix,
      updatedUnix: publishUnix,
      deleted: 0,
    });
  }
  return { rows, threadRoot };
}
