import { z } from 'zod';
import { DRAFT_LIMITS, draftSchema, type Draft } from '../../src-shared/api/draft';
import { ErrorText } from '../../src-shared/api/errors';
import { readBodyUpTo } from '../../src-shared/util/read-body';

/** What a request for an archive with drafts may carry: the drafts, their JSON and little else. */
export const EXPORT_BODY_BYTES = DRAFT_LIMITS.bytes;

/** A refusal of the drafts sent, with the one problem named (`meta.list`). */
export class DraftsRefused extends Error {
  constructor(
    readonly code: 400 | 413,
    readonly text: string,
    readonly problem: string,
  ) {
    super(problem);
  }

  /** The envelope of section 2.1, with the problem in `meta.list` even when it is the only one. */
  response(): Response {
    return new Response(JSON.stringify({ meta: { code: this.code, text: this.text, list: [this.problem] }, data: false }), {
      status: this.code,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
}

const bodySchema = z.strictObject({ drafts: z.array(z.unknown()) });

/**
 * The drafts of `POST /api/instance/export` ({"drafts": [...]}, the page's localStorage drafts): at most
 * DRAFT_LIMITS of them, each read with the page's own schema. One that is not a draft refuses the request,
 * naming it, rather than leaving it out of an archive the person will rely on.
 */
export async function exportDrafts(request: Request): Promise<Draft[]> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > EXPORT_BODY_BYTES) throw tooLarge();
  const bytes = await bounded(request);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new DraftsRefused(400, ErrorText.malformedBody, 'the body must be JSON: {"drafts": [...]}');
  }
  const body = bodySchema.safeParse(json);
  if (!body.success) throw new DraftsRefused(400, ErrorText.invalidDrafts, 'the body must be {"drafts": [...]} and nothing else');
  if (body.data.drafts.length > DRAFT_LIMITS.count) {
    throw new DraftsRefused(400, ErrorText.invalidDrafts, `at most ${DRAFT_LIMITS.count} drafts are taken; ${body.data.drafts.length} were sent`);
  }
  const ids = new Set<string>();
  return body.data.drafts.map((entry, i) => {
    const draft = draftSchema.safeParse(entry);
    if (!draft.success) {
      const issue = draft.error.issues[0];
      const field = issue?.path.join('.') ?? '';
      throw new DraftsRefused(400, ErrorText.invalidDrafts, `drafts[${i}]${field ? `.${field}` : ''}: ${issue?.message ?? 'not a draft'}`);
    }
    if (ids.has(draft.data.id)) throw new DraftsRefused(400, ErrorText.invalidDrafts, `drafts[${i}]: the id ${draft.data.id} is given twice`);
    ids.add(draft.data.id);
    return draft.data;
  });
}

const tooLarge = () => new DraftsRefused(413, ErrorText.bodyTooLarge, `the drafts may take at most ${EXPORT_BODY_BYTES} bytes`);

async function bounded(request: Request): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const bytes = await readBodyUpTo(request.body, EXPORT_BODY_BYTES);
  if (bytes === null) throw tooLarge();
  return bytes;
}
