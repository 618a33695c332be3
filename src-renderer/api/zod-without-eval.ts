import { z } from 'zod';

/**
 * zod builds a faster parser for an object schema with `new Function` where it may, and finds out by trying
 * once, as it builds its first one. The page's Content-Security-Policy allows no code made of text
 * (src-main/host/csp.ts), so the try was refused, and reported as a violation, on every load. Told here that
 * it may not, zod does not try. The page's entry imports this first, before any schema is built.
 */
z.config({ jitless: true });
