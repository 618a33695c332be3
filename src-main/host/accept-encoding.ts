import { CODINGS, type Coding } from './precompressed';

/** Far longer than any browser sends (about 30 characters); a longer header is read as no header. */
const MAX_HEADER_LENGTH = 1024;

/** A content coding's name (RFC 9110 token), and its weight: 0, 1, or a decimal of at most three places. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The codings of CODINGS a request's Accept-Encoding takes, best first: by the weight the client gives
 * each, then in the host's order. A coding the client weighs below identity is left out, as is one it
 * refuses (`q=0`). An entry that is not well formed (an odd name, a weight such as `q=2` or `q=abc`)
 * is ignored, not guessed at. Identity is never refused here: when nothing else is taken, the file is
 * sent as it is, which every client can read.
 */
export function acceptedCodings(header: string | null): Coding[] {
  if (header === null || header.length > MAX_HEADER_LENGTH) return [];
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [rawName = '', ...parameters] = entry.split(';');
    const written = rawName.trim().toLowerCase();
    // `x-gzip` is an old name of gzip (RFC 9110, 8.4.1.3). The first entry for a name counts.
    const name = written === 'x-gzip' ? 'gzip' : written;
    if (!TOKEN.test(name) || weights.has(name)) continue;
    let weight: number | undefined = 1;
    for (const parameter of parameters) {
      const equals = parameter.indexOf('=');
      const key = parameter.slice(0, equals).trim().toLowerCase();
      const value = parameter.slice(equals + 1).trim();
      if (equals >= 0 && key === 'q') weight = QVALUE.test(value) ? Number(value) : undefined;
    }
    if (weight !== undefined) weights.set(name, weight);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*');
  // Unnamed and not covered by `*`, identity is still acceptable, below every coding the client names.
  const identity = weightOf('identity') ?? 0;
  return CODINGS.map((coding) => ({ coding, weight: weightOf(coding.name) ?? 0 }))
    .filter(({ weight }) => weight > 0 && weight >= identity)
    .sort((a, b) => b.weight - a.weight)
    .map(({ coding }) => coding);
}
