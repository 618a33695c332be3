import { ErrorText, ServiceError } from '../api/errors';
import { readBodyUpTo } from '../util/read-body';
import { MAX_BODY_BYTES, variableText } from '../api/variables';

/** Request variables as strings, wherever they came from (query string, form body or JSON body). */
export type Params = Readonly<Record<string, string>>;

const tooLarge = () => new ServiceError(413, ErrorText.bodyTooLarge);
const malformed = () => new ServiceError(400, ErrorText.malformedBody);

/**
 * Query string first, then the body (form or JSON, for POST and DELETE alike) unless the route reads the
 * body itself; a body variable wins over a query variable of the same name. JSON scalars become strings so
 * that every handler validates one kind of input (api/variables.ts).
 */
export async function readParams(request: Request, url: URL, { body }: { body: boolean }): Promise<Params> {
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  if (!body || request.method === 'GET' || request.method === 'HEAD' || !request.body) return params;

  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const raw = await readLimited(request.body);
  if (raw.trim() === '') return params;

  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const isJson = type.includes('json') || (!type.includes('form') && /^\s*[{[]/.test(raw));
  Object.assign(params, isJson ? fromJson(raw) : Object.fromEntries(new URLSearchParams(raw)));
  return params;
}

async function readLimited(body: ReadableStream<Uint8Array>): Promise<string> {
  const bytes = await readBodyUpTo(body, MAX_BODY_BYTES);
  if (bytes === null) throw tooLarge();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw malformed();
  }
}

function fromJson(raw: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw malformed();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw malformed();
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    const text = variableText(value);
    if (text === undefined) throw new ServiceError(400, ErrorText.invalidParameters, [`${key}: unsupported value`]);
    if (text !== null) out[key] = text;
  }
  return out;
}
