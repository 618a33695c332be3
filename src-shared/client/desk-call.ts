import type { z } from 'zod';
import { routes, type RouteName, type Routes } from '../api/routes';
import {
  answersOwnResponse,
  type EventStreamAnswer,
  type FileAnswer,
  type OwnBody,
  type ParamKeys,
  type RouteContract,
} from '../api/route-contract';
import { variableText } from '../api/variables';
import { deepIssueLines } from './lenient';
import type { Answer, Transport } from './transport';

/**
 * One call of this project's own service, by the name of its route (api/routes.ts): the method, the path
 * and the answer's schema come from the route; the path parameters and variables are checked with the
 * route's own schemas before anything is sent (strict in what we send, in the service's own words), and
 * the answer is read with the route's output (an answer that strays from it is a `protocol` error).
 */

/**
 * The routes a desk calls: every one that takes variables and answers an envelope (the archive's are files,
 * fetched as such; the event stream is read by client/event-stream.ts).
 */
export type DeskRouteName = {
  [N in RouteName]: Routes[N] extends { body: OwnBody }
    ? never
    : Routes[N]['output'] extends FileAnswer | EventStreamAnswer
      ? never
      : N;
}[RouteName];

/** A variable's value as a caller gives it: sent as its text, a list as a comma list (api/variables.ts). */
export type CallValue = string | number | boolean | readonly (string | number)[];

/** A route's variables as a caller gives them: the names its input schema reads, each required where the schema requires it. */
export type CallInput<N extends DeskRouteName> = Routes[N] extends { input: infer I extends z.ZodType }
  ? unknown extends z.input<I>
    ? Readonly<Record<string, CallValue | undefined>>
    : { readonly [K in keyof z.input<I>]: CallValue | undefined }
  : Record<string, never>;

type PathArg<N extends DeskRouteName> = [ParamKeys<Routes[N]['pattern']>] extends [never]
  ? { path?: undefined }
  : { path: { readonly [K in ParamKeys<Routes[N]['pattern']>]: string | number } };

type InputArg<N extends DeskRouteName> =
  Record<string, never> extends CallInput<N> ? { input?: CallInput<N> } : { input: CallInput<N> };

export type CallArgs<N extends DeskRouteName> = PathArg<N> &
  InputArg<N> & {
    /** Sent without the token: `/api/about` and the sign-in code, which a stale token must not spoil. */
    anonymous?: boolean;
  };

/** What a route answers, as its output schema reads it. */
export type CallAnswer<N extends DeskRouteName> = Routes[N]['output'] extends z.ZodType
  ? z.output<Routes[N]['output']>
  : never;

/** Whether the call's arguments may be left out: a route without path parameters or required variables. */
type MaybeArgs<N extends DeskRouteName> =
  Record<string, never> extends PathArg<N> & InputArg<N> ? [args?: CallArgs<N>] : [args: CallArgs<N>];

export interface DeskCall {
  <N extends DeskRouteName>(name: N, ...args: MaybeArgs<N>): Promise<CallAnswer<N>>;
  /** The same, with the answer as it came (its time, for a page of posts). */
  withAnswer<N extends DeskRouteName>(name: N, ...args: MaybeArgs<N>): Promise<{ data: CallAnswer<N>; answer: Answer }>;
}

export function createDeskCall(t: Transport): DeskCall {
  const send = async (
    name: DeskRouteName,
    args: {
      path?: Readonly<Record<string, string | number>>;
      input?: Readonly<Record<string, unknown>>;
      anonymous?: boolean;
    } = {},
  ) => {
    const route: RouteContract = routes[name];
    const refused = (problems: readonly string[]) => t.refuse({ method: route.method, path: route.pattern }, problems);
    const path = filledPath(route, args.path ?? {}, refused);
    const given = Object.entries(args.input ?? {}).filter(([, value]) => value !== undefined);
    const texts = Object.fromEntries(given.flatMap(([key, value]) => variableTexts(key, value)));
    if (route.input) {
      const checked = route.input.safeParse(texts);
      if (!checked.success) throw refused([...new Set(checked.error.issues.map((issue) => issue.message))]);
    }
    const auth = args.anonymous !== true;
    const answer = await t.send(
      route.method === 'GET'
        ? { method: 'GET', path, query: texts, auth }
        : { method: route.method, path, json: Object.fromEntries(given), auth },
    );
    return { data: answerData(t, answer, route), answer };
  };
  const call = async (name: DeskRouteName, args?: Parameters<typeof send>[1]) => (await send(name, args)).data;
  return Object.assign(call, { withAnswer: send }) as unknown as DeskCall;
}

/** The variable as the service reads it; a value that is none (null) is not sent. */
function variableTexts(key: string, value: unknown): [string, string][] {
  const text = variableText(value);
  return typeof text === 'string' ? [[key, text]] : [];
}

/** The route's pattern with each `:name` filled in: checked as the route reads it, then encoded. */
function filledPath(
  route: RouteContract,
  given: Readonly<Record<string, string | number>>,
  refused: (problems: readonly string[]) => Error,
): string {
  return route.pattern.replace(/:([a-z_]+)/g, (_whole, name: string) => {
    const text = String(given[name] ?? '');
    const param = route.path?.[name];
    const problem = param
      ? param.schema.safeParse(text).error?.issues[0]?.message
      : text === ''
        ? 'is required'
        : undefined;
    if (problem !== undefined) throw refused([`${name} ${problem}`]);
    return encodeURIComponent(text);
  });
}

/** `data` of a successful answer, read with the route's output; anything else is a `protocol` error. */
function answerData(t: Transport, answer: Answer, route: RouteContract): unknown {
  const data = t.dataOf(answer);
  if (answersOwnResponse(route.output))
    throw t.protocolError(answer, ['the route answers a file or a stream, not an envelope']);
  const parsed = route.output.safeParse(data);
  if (!parsed.success) throw t.protocolError(answer, deepIssueLines(parsed.error));
  return parsed.data;
}
