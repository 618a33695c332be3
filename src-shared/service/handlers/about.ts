import { EXTENSIONS, SOFTWARE } from '../../api/about';
import type { Handler } from '../context';
import type { z } from 'zod';
import type { aboutAnswer } from '../../api/answers';

/** GET /api/about (extension): what this server is, and the extensions a client may rely on. No token needed. */
export const about: Handler<z.output<typeof aboutAnswer>> = () => Promise.resolve({ software: { ...SOFTWARE }, extensions: [...EXTENSIONS] });
