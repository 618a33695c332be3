import fs from 'node:fs';
import type { z } from 'zod';

/**
 * A small JSON file in the user-data folder, read through a zod schema: a file that is missing,
 * unreadable or not valid JSON gives `undefined`, so the caller starts from its defaults instead of
 * refusing to start over a damaged preferences file.
 */
export function readJsonFile<T>(file: string, schema: z.ZodType<T>): T | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') console.warn(`could not read ${file}:`, error);
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    console.warn(`${file} is not valid JSON; using defaults`);
    return undefined;
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  console.warn(`${file} does not hold what was expected; using defaults`);
  return undefined;
}

/**
 * Written to a temporary file and renamed over the old one, so a crash mid-write leaves the old file or
 * the new one, never half of one. Private: settings name the allowed origins and ports of the instance.
 */
export function writeJsonFile(file: string, value: unknown): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
}
