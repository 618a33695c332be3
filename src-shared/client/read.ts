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
export function dataAs<T>(t: Transport, answer: Answer, schema: z.ZodType<T, unknown>): T {
  const parsed = schema.safeParse(t.dataOf(answer));
  if (!parsed.success) throw t.protocolError(answer, issueLines(parsed.error));
  return parsed.data;
}

/** The one post a write, star or pin answers with. */
export function postOf(t: Transport, answer: Answer, schema: PostSchema): RemotePost {
  const read = readOne(schema, t.dataOf(answer));
  if (read === 'empty') throw t.protocolError(answer, ['the answer holds no post']);
  if ('problems' in read) throw t.protocolError(answer, read.problems);
  return read.post;
}

export function pageOf(t: Transport, answer: Answer, schema: PostSchema): PostPage {
  const page = readPage(schema, t.dataOf(answer));
  if (page === null) throw t.protocolError(answer, ['data is not a list of posts']);
  return page;
}

/** The answer's failure when it is one of `codes` (a route the remote does not have: 404, 405). */
export function failedWith(failure: RemoteError | null, codes: readonly number[]): boolean {
  return failure !== null && failure.status !== null && codes.includes(failure.status);
}
