import type { z } from 'zod';
import type { Extension } from './about';

/**
 * The words a route of the contract is declared in (api/routes.ts has the routes). A route says everything
 * a client and the service must agree on: its method and pattern, who may call it, what it takes (its
 * variables, its path parameters, a body it reads itself) and what it answers. The service implements the
 * routes by name (service/routes.ts), the desk client calls them by name (client/desk-client.ts), and
 * docs/routes.md is made from them.
 *
 * The schemas the routes name (answers.ts, inputs.ts and their siblings, and the client's readers of them)
 * are declared in `z.lazy(() => …)`: each is built when it is first used, not as its module loads. The page
 * loads them all and uses a few, and building them at load was half of its first evaluation. Where one is
 * made from another (`.pick`, `.extend`, `.shape`), `.unwrap()` gives the schema the other stands for.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call a route: anyone (a viewer, if any, may see more), or only with a token that signs in. */
export type Access = 'anyone' | 'signed-in';
export const anyone = 'anyone' satisfies Access;
export const signedIn = 'signed-in' satisfies Access;

/** What a route needs of its host besides the store; a host without it answers 503. */
export type Need = 'sync' | 'backups';

/** The names of a pattern's `:name` segments: `ParamKeys<'/api/posts/:guid/star'>` is `'guid'`. */
export type ParamKeys<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamKeys<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** How the router refuses a request: the status and the text of its envelope. */
export interface Refusal {
  readonly code: number;
  readonly text: string;
}

/**
 * How a `:name` segment is read. It arrives decoded, as text; `schema` says what it must be and makes the
 * value the handler gets. `refusal` is how a segment that is no such thing is refused, or null where the
 * route checks something else first: its handler then gets null, and refuses in its own words when it
 * comes to it.
 */
export interface PathParam<T = unknown, R extends Refusal | null = Refusal | null> {
  readonly schema: z.ZodType<T>;
  readonly refusal: R;
}

/** A request body a route reads itself, rather than as variables (service/params.ts reads those). */
export interface OwnBody {
  /** Its media type, e.g. `application/json`, `application/zip`. */
  readonly type: string;
  /** The most a host lets through (a larger declared length is refused before the body is read). */
  readonly maxBytes: number;
  /** Handed to the route as it arrives, without the host holding it (an upload of any size within the bound). */
  readonly streamed: boolean;
  /** What a JSON body must hold. */
  readonly schema?: z.ZodType;
}

/** An answer that is a file to download, not an envelope. */
export interface FileAnswer {
  /** Its media type. */
  readonly file: string;
}

/**
 * An answer that is a stream of server-sent events (`text/event-stream`), not an envelope: it stays open,
 * each event's `data` one of `events`, until the client leaves or the host stops.
 */
export interface EventStreamAnswer {
  readonly stream: 'text/event-stream';
  readonly events: z.ZodType;
}

/** What a route answers: the schema of an envelope's `data`, or a Response of its own. */
export type Output = z.ZodType | FileAnswer | EventStreamAnswer;

export interface RouteContract {
  readonly method: Method;
  /** Literal segments and `:name` captures, e.g. `/api/posts/:guid/star`. */
  readonly pattern: string;
  readonly access: Access;
  /** The request variables (query string, and the body unless `body` is the route's own), parsed before the handler runs. */
  readonly input?: z.ZodType;
  /** How `:name` segments are read; one without an entry is given as its text. */
  readonly path?: Readonly<Record<string, PathParam>>;
  /** A body the route reads itself, and its bounds. */
  readonly body?: OwnBody;
  /** What the route answers: the schema of the envelope's `data`, a file, or a stream of events. */
  readonly output: Output;
  /** Section 5.1: a few operations also take the token as the `token` variable. */
  readonly tokenVariable?: true;
  readonly needs?: Need;
  /** The `/api/about` extension the route belongs to, where only hosts that serve it offer that extension. */
  readonly extension?: Extension;
}

/** Routes by name. */
export type RouteMap = Readonly<Record<string, RouteContract>>;

/** A path's entries must name the pattern's parameters; anything else is a mistake the compiler reports. */
type PathNamesOnly<R extends RouteContract> = R extends { path: infer Params }
  ? { path: { [K in keyof Params]: K extends ParamKeys<R['pattern']> ? PathParam : never } }
  : unknown;

/** Declares a route, keeping its literal types (method, pattern, schemas) for the service and the client. */
export const route = <const R extends RouteContract>(declaration: R & PathNamesOnly<R>): R => declaration;

export type InputOf<R extends RouteContract> = R extends { input: infer I extends z.ZodType } ? z.output<I> : undefined;

/** What a route's handler answers: the envelope's `data`, or its own Response (a file, an event stream). */
export type AnswerOf<R extends RouteContract> = R['output'] extends z.ZodType ? z.output<R['output']> : Response;

type ParamValue<R extends RouteContract, K extends string> = R extends {
  path: { [P in K]: PathParam<infer T, infer Refused> };
}
  ? null extends Refused
    ? T | null
    : T
  : string;

/** A route's path parameters as its handler gets them, typed by the pattern and its `path` declarations. */
export type PathOf<R extends RouteContract> = { readonly [K in ParamKeys<R['pattern']>]: ParamValue<R, K> };

/** Whether a route answers a file (the export) rather than an envelope. */
export const answersFile = (output: Output): output is FileAnswer => 'file' in output;

/** Whether a route answers a stream of events rather than an envelope. */
export const answersStream = (output: Output): output is EventStreamAnswer => 'stream' in output;

/** Whether a route's handler makes the Response itself (a file, an event stream) rather than an envelope's `data`. */
export const answersOwnResponse = (output: Output): output is FileAnswer | EventStreamAnswer =>
  answersFile(output) || answersStream(output);
