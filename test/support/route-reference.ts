import { z } from 'zod';
import * as answers from '../../src-shared/api/answers';
import * as legacyAnswers from '../../src-shared/api/legacy-answers';
import * as syncAnswers from '../../src-shared/api/sync-answers';
import * as backupAnswers from '../../src-shared/api/backups';
import * as draftAnswers from '../../src-shared/api/draft';
import type { Route } from '../../src-shared/service/router';

/**
 * docs/routes.md, made from the route tables: who may call each route, its variables and the schema of
 * its answer, so that the reference cannot say other than the code does.
 */

/** Every answer schema by the name it is exported under. */
const names = new Map<unknown, string>(
  [answers, legacyAnswers, syncAnswers, backupAnswers, draftAnswers].flatMap((module) =>
    Object.entries(module).flatMap(([name, value]) => (value instanceof z.ZodType && name.endsWith('Answer') ? [[value, name] as const] : [])),
  ),
);

/** The answer's schema by name, or null when a route answers something no exported schema names. */
export function answerName(schema: z.ZodType): string | null {
  const name = names.get(schema);
  if (name) return `\`${name}\``;
  const element = schema instanceof z.ZodArray ? names.get(schema.element) : undefined;
  return element ? `list of \`${element}\`` : null;
}

function variables(route: Route): string {
  // Section 5.1: the token may come as a variable too.
  const token = route.tokenVariable ? ['`token` (the token, where no header can carry it)'] : [];
  return [...declaredVariables(route), ...token].join(', ');
}

function declaredVariables(route: Route): string[] {
  if (!route.input) return [];
  // `z.preprocess` (POST /api/account/me): the variables of its inner schema, all of them or none.
  const allOrNone = route.input instanceof z.ZodPipe && route.input.in instanceof z.ZodTransform;
  const schema = z.toJSONSchema(route.input, { io: 'input', unrepresentable: 'any' }) as { properties?: object; required?: string[] };
  const keys = Object.keys(schema.properties ?? {});
  if (allOrNone) return [`all or none of ${keys.map((k) => `\`${k}\``).join(', ')}`];
  return keys.map((k) => (schema.required?.includes(k) ? `**\`${k}\`**` : `\`${k}\``));
}

function table(routes: readonly Route[]): string {
  const rows = routes.map((r) => `| ${r.method} | \`${r.pattern}\` | ${r.access} | ${variables(r)} | ${answerName(r.output) ?? '?'} |`);
  return ['| method | path | access | variables (required in bold) | answer |', '|---|---|---|---|---|', ...rows].join('\n');
}

export function routeReference(sections: readonly { title: string; routes: readonly Route[] }[]): string {
  return [
    '# Routes',
    '',
    'Every route, as the route tables declare it (`src-shared/service/routes.ts`, `legacy/routes.ts`,',
    '`legacy/user-routes.ts`; docs/decisions/0006). Made from them by',
    '`test/shared/service/route-reference.test.ts`, which fails when this page and the tables differ;',
    '`npx vitest run test/shared/service/route-reference.test.ts --update` writes it again. `signed-in` routes',
    'answer 403 "You Need to Log In First" without a token, before they read any variable. The answers are',
    'the zod schemas of that name in `src-shared/api` (`answers.ts`, `sync-answers.ts`, `legacy-answers.ts`).',
    'What each route does, and the variables in words: [the instance interface](api.md),',
    '[sync](sync.md), [the legacy interface](legacy-interface.md).',
    ...sections.flatMap(({ title, routes }) => ['', `## ${title}`, '', table(routes)]),
    '',
  ].join('\n');
}
