import pkg from '../../package.json' with { type: 'json' };

/**
 * This software's name and version, as `GET /api/about`, backups and archives give them. In a module of its
 * own, apart from about.ts: the page reads the extensions there and has no use for the package's manifest,
 * which a bundler would carry into the page whole.
 */
export const SOFTWARE = { name: pkg.productName, version: pkg.version } as const;
