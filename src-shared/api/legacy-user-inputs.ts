import { z } from 'zod';
import { guidText } from './inputs';

/** Request variables of the legacy `/users` paths (section 4.1 shows none; docs/legacy-interface.md lists these). */

/** POST /users/write: which Persona's bio; the legacy interface calls a Persona an account. */
export const bioTargetInput = z.object({
  persona_guid: guidText('persona_guid must be a Persona GUID').optional(),
  account_id: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,14}$/, 'account_id must be the numeric id of an account')
    .transform(Number)
    .optional(),
});
