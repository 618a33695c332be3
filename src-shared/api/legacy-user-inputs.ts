import { z } from 'zod';
import { bioInput, guidText } from './inputs';

/** Request variables of the legacy `/users` paths (section 4.1 shows none; docs/legacy-interface.md lists these). */

/** POST /users/write: which Persona's bio; the legacy interface calls a Persona an account. */
export const bioTargetInput = z.lazy(() =>
  z.object({
    persona_guid: guidText('persona_guid must be a Persona GUID').optional(),
    account_id: z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,14}$/, 'account_id must be the numeric id of an account')
      .transform(Number)
      .optional(),
  }),
);

/** POST /users/write: the bio, and which Persona's. */
export const usersWriteInput = z.lazy(() => bioTargetInput.unwrap().extend(bioInput.unwrap().shape));
export type UsersWriteInput = z.infer<typeof usersWriteInput>;

/** The account-wide deletes go ahead only with the words their refusal names. */
export const confirmInput = z.lazy(() => z.object({ confirm: z.string().optional() }));
export type ConfirmInput = z.infer<typeof confirmInput>;
