import type { z } from 'zod';
import type { RemoteError } from './errors';
import { issueLines } from './lenient';
import type { Checked } from './outgoing';
import { readOne, readPage, type PostPage, type PostSchema, type RemotePost } from './remote-post';
import type { Answer, Call, Transport } from './transport';

/** Shared steps of both clients: refuse bad input, read answers with their schemas. */

export function sendable<T>(t: Transport, call: Pick<Call, 'method' | 'path'>, checked: Checked<T>): T {
  if (!checked.ok) throw t.refuse(call, checked.problems);
  return checked.value;
}

/** `data` of a successful answer, read with `schema`; anything else is a `protocol` error. */
export function dataAs<T>(t: Transport, answer: Answer, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(t.dataOf(answer));
  if (!parsed.success) throw t.protocolError(answer, issueLines(parsed.error));
  return parsed.data;
}

/** The one post a write, star or pin answers with. */
export function postOf(t: Transport, answer: Answer, schema: PostSchema): RemotePost {
  const post = postOrNull(t, answer, schema);
  if (post === null) throw t.protocolError(answer, ['the answer holds no post']);
  return post;
}

/**
 * The one post of a read, or null when a successful answer holds none: the reference answers a post that is
 * not for the reader (private) with 200 and `data: []`.
 */
export function postOrNull(t: Transport, answer: Answer, schema: PostSchema): RemotePost | null {
  const read = readOne(schema, t.dataOf(answer));
  if (read === 'empty') return null;
  if ('problems' in read) throw t.protocolError(answer, read.problems);
  return read.post;
}

export function pageOf(t: Transport, answer: Answer, schema: PostSchema): PostPage {
  const page = readPage(schema, t.dataOf(answer));
  if (page === null) throw t.protocolError(answer, ['data is not a list of posts']);
  return { ...page, servedUnix: answer.servedUnix };
}

/** The answer's failure when it is one of `codes` (a route the remote does not have: 404, 405). */
export function failedWith(failure: RemoteError | null, codes: readonly number[]): boolean {
  return failure !== null && failure.status !== null && codes.includes(failure.status);
}

/**
 * Codes with which a remote says it has no such extension endpoint: this project says 404 or 405; the
 * reference says 400 under /api/account ("Unrecognised endpoint: [channels]") and elsewhere ("Invalid API
 * Endpoint").
 */
const ABSENT = [400, 404, 405, 410, 501];
/** Without a token the reference answers an unknown route 401 "You Need to Log In First", listing this. */
const UNKNOWN_ROUTE = /invalid api endpoint/i;

/**
 * The answer to an extension endpoint says that the remote does not have it: one of the codes above, the
 * reference's refusal of an unknown route, or an answer that is not an envelope at all (an HTML page, a
 * redirect). A refused token is not that (it is the caller's to report), nor a 5xx or a broken connection
 * (failures to try again later).
 */
export function notOffered(failure: RemoteError | null): boolean {
  if (failure === null) return false;
  if (failure.kind === 'protocol' || failedWith(failure, ABSENT)) return true;
  return failure.kind === 'auth' && failure.list.some((line) => UNKNOWN_ROUTE.test(line));
}
