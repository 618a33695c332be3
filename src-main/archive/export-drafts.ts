import type { z } from 'zod';
import { exportBody, exportDraftsBody } from '../../src-shared/api/archive-routes';
import { DRAFT_LIMITS, type Draft } from '../../src-shared/api/draft';
import { ErrorText } from '../../src-shared/api/errors';
import { readBodyUpTo } from '../../src-shared/util/read-body';

/** What a request for an archive with drafts may carry (api/archive-routes.ts), for hosts that name it (host/start.ts). */
const EXPORT_BODY_BYTES = exportBody.maxBytes;

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
    return new Response(
      JSON.stringify({ meta: { code: this.code, text: this.text, list: [this.problem] }, data: false }),
      {
        status: this.code,
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      },
    );
  }
}

/**
 * The drafts of `POST /api/instance/export` ({"drafts": [...]}, the page's localStorage drafts): at most
 * DRAFT_LIMITS of them, each read with the page's own schema (`exportDraftsBody`). One that is not a draft
 * refuses the request, naming it, rather than leaving it out of an archive the person will rely on.
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
  const body = exportDraftsBody.safeParse(json);
  if (!body.success) throw new DraftsRefused(400, ErrorText.invalidDrafts, firstProblem(body.error.issues, json));
  const ids = new Set<string>();
  for (const [i, draft] of body.data.drafts.entries()) {
    if (ids.has(draft.id))
      throw new DraftsRefused(400, ErrorText.invalidDrafts, `drafts[${i}]: the id ${draft.id} is given twice`);
    ids.add(draft.id);
  }
  return body.data.drafts;
}

/**
 * The one problem a refusal names: a body of another shape; too many drafts (the schema counts them before
 * it reads any); or the first draft that is none (issues come in the order of the list), by its first problem.
 */
function firstProblem(issues: readonly z.core.$ZodIssue[], json: unknown): string {
  const ofTheList = (issue: z.core.$ZodIssue) => issue.path.length === 1 && issue.code === 'too_big';
  if (issues.some((issue) => issue.path.length < 2 && !ofTheList(issue)))
    return 'the body must be {"drafts": [...]} and nothing else';
  if (issues.some(ofTheList))
    return `at most ${DRAFT_LIMITS.count} drafts are taken; ${(json as { drafts: unknown[] }).drafts.length} were sent`;
  const [issue] = issues;
  const field = issue?.path.slice(2).join('.') ?? '';
  return `drafts[${String(issue?.path[1])}]${field ? `.${field}` : ''}: ${issue?.message ?? 'not a draft'}`;
}

const tooLarge = () =>
  new DraftsRefused(413, ErrorText.bodyTooLarge, `the drafts may take at most ${EXPORT_BODY_BYTES} bytes`);

async function bounded(request: Request): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const bytes = await readBodyUpTo(request.body, EXPORT_BODY_BYTES);
  if (bytes === null) throw tooLarge();
  return bytes;
}
