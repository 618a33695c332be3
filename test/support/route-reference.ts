import { z } from 'zod';
import * as answers from '../../src-shared/api/answers';
import * as legacyAnswers from '../../src-shared/api/legacy-answers';
import * as syncAnswers from '../../src-shared/api/sync-answers';
import * as backupAnswers from '../../src-shared/api/backups';
import * as draftAnswers from '../../src-shared/api/draft';
import * as events from '../../src-shared/api/events';
import * as markerAnswers from '../../src-shared/api/markers';
import {
  answersFile,
  answersStream,
  type Output,
  type RouteContract,
  type RouteMap,
} from '../../src-shared/api/route-contract';

/**
 * docs/routes.md, made from the route tables: who may call each route, its variables and the schema of
 * its answer, so that the reference cannot say other than the code does.
 */

/** Every answer schema by the name it is exported under. */
const names = new Map<unknown, string>(
  [answers, legacyAnswers, syncAnswers, backupAnswers, draftAnswers, markerAnswers].flatMap((module) =>
    Object.entries(module).flatMap(([name, value]) =>
      value instanceof z.ZodType && name.endsWith('Answer') ? [[value, name] as const] : [],
    ),
  ),
);

/** The answer's schema by name (a file by its type), or null when a route answers something no exported schema names. */
export function answerName(output: Output): string | null {
  if (answersFile(output)) return `a file, \`${output.file}\``;
  if (answersStream(output))
    return output.events === events.deskEvent ? `a stream of \`deskEvent\`, \`${output.stream}\`` : null;
  const name = names.get(output);
  if (name) return `\`${name}\``;
  const list = unwrapped(output);
  const element = list instanceof z.ZodArray ? names.get(list.element) : undefined;
  return element ? `list of \`${element}\`` : null;
}

const MiB = 1024 * 1024;
const size = (bytes: number): string => (bytes >= 1024 * MiB ? `${bytes / 1024 / MiB} GiB` : `${bytes / MiB} MiB`);

function variables(route: RouteContract): string {
  // Section 5.1: the token may come as a variable too.
  const token = route.tokenVariable ? ['`token` (the token, where no header can carry it)'] : [];
  return [...declaredVariables(route.input), ...ownBody(route), ...token].join(', ');
}

/** A schema `z.lazy` defers (the api's are declared so, to be built when first used), as what it stands for. */
const unwrapped = (schema: z.core.$ZodType): z.core.$ZodType =>
  schema instanceof z.ZodLazy ? unwrapped(schema.unwrap()) : schema;

function declaredVariables(declared: z.ZodType | undefined): string[] {
  if (!declared) return [];
  const input = unwrapped(declared);
  // `z.preprocess` (POST /api/account/me): the variables of its inner schema, all of them or none.
  const allOrNone = input instanceof z.ZodPipe && input.in instanceof z.ZodTransform;
  const schema = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as {
    properties?: object;
    required?: string[];
  };
  const keys = Object.keys(schema.properties ?? {});
  if (allOrNone) return [`all or none of ${keys.map((k) => `\`${k}\``).join(', ')}`];
  return keys.map((k) => (schema.required?.includes(k) ? `**\`${k}\`**` : `\`${k}\``));
}

/** A body the route reads itself: its type, what it holds, its bound, and whether the host holds it. */
function ownBody({ body }: RouteContract): string[] {
  if (!body) return [];
  const fields = body.schema ? ` of ${declaredVariables(body.schema).join(', ')}` : '';
  return [
    `body: \`${body.type}\`${fields}, at most ${size(body.maxBytes)}${body.streamed ? ', read as it arrives' : ''}`,
  ];
}

function access(route: RouteContract): string {
  return route.needs ? `${route.access}, needs ${route.needs}` : route.access;
}

function table(routes: RouteMap): string {
  const rows = Object.entries(routes).map(
    ([name, r]) =>
      `| \`${name}\` | ${r.method} | \`${r.pattern}\` | ${access(r)} | ${variables(r)} | ${answerName(r.output) ?? '?'} |`,
  );
  return [
    '| name | method | path | access | variables (required in bold) | answer |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export function routeReference(sections: readonly { title: string; routes: RouteMap }[]): string {
  return [
    '# Routes',
    '',
    'Every route, as the contract declares it (`src-shared/api/routes.ts`: `instance-routes.ts`, `sync-routes.ts`,',
    '`backup-routes.ts`, `archive-routes.ts`, `event-routes.ts`, `legacy-routes.ts`; docs/decisions/0008). Made from it by',
    '`test/shared/service/route-reference.test.ts`, which fails when this page and the tables differ;',
    '`npx vitest run test/shared/service/route-reference.test.ts --update` writes it again. The name is the one',
    'the service implements and the desk client calls (`call(name, { path, input })`). `signed-in` routes',
    'answer 403 "You Need to Log In First" without a token, before they read any variable; a route that',
    'needs sync or backups answers 503 on a host without them, after its variables. The answers are the zod',
    'schemas of that name in `src-shared/api` (`answers.ts`, `sync-answers.ts`, `legacy-answers.ts`, `backups.ts`,',
    '`draft.ts`, `events.ts`). What each route does, and the variables in words: [the instance interface](api.md),',
    '[sync](sync.md), [backups](backups.md), [the archive](archive.md), [the legacy interface](legacy-interface.md).',
    ...sections.flatMap(({ title, routes }) => ['', `## ${title}`, '', table(routes)]),
    '',
  ].join('\n');
}
