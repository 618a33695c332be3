/**
 * Run by `npm run lint`: fails when two folders of src-shared, src-main or src-renderer import each other,
 * however many folders lie between. eslint.config.js states the layers one rule per folder; this catches a
 * cycle through folders no rule names yet (a new folder, or one a rule leaves open).
 */
import path from 'node:path';
import { folderCycles, folderGraph } from './folder-cycles';

const edges = folderGraph(path.resolve(import.meta.dirname, '..'));
const cycles = folderCycles(edges);
for (const cycle of cycles) {
  const within = edges.filter((edge) => cycle.includes(edge.from) && cycle.includes(edge.to));
  console.error(`These folders import each other: ${cycle.join(', ')}`);
  for (const edge of within) console.error(`  ${edge.from} -> ${edge.to} (${edge.module})`);
}
if (cycles.length > 0) process.exit(1);
