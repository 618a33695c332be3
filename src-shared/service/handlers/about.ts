import { EXTENSIONS, SOFTWARE } from '../../api/about';
import type { Handler } from '../context';

/** GET /api/about (extension): what this server is, and the extensions a client may rely on. No token needed. */
export const about: Handler = () => Promise.resolve({ software: SOFTWARE, extensions: EXTENSIONS });
