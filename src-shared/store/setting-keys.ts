import { z } from 'zod';
import { WELCOME_STATES } from '../api/legacy-answers';
import { MAX_ROW_ID } from './row-schemas';

/**
 * The settings that are the person's, not the progress of some work of the store: the highest legacy id
 * given to a Persona or a Channel (store/numbering.ts) and whether an account's onboarding was shown
 * (service/legacy/users.ts). An archive carries these and no others, each checked for what it may hold;
 * the rest (an upgrade under way) start afresh in a restored store.
 */
export const numberingKey = (table: 'personas' | 'channels'): string => `numbering.${table}`;
export const welcomeKey = (accountGuid: string): string => `welcome:${accountGuid}`;

const PERSON_SETTINGS: readonly { key: RegExp; value: z.ZodType<string> }[] = [
  {
    key: /^numbering\.(?:personas|channels)$/,
    value: z
      .string()
      .regex(/^\d{1,10}$/, 'must be a number')
      .refine((v) => Number(v) <= MAX_ROW_ID, `must be at most ${MAX_ROW_ID}`),
  },
  { key: /^welcome:[^\s\p{C}]{1,200}$/u, value: z.enum(WELCOME_STATES) },
];

/** A setting row of the person's, refused with the reason when its key is not one or its value is not what that key holds. */
export const personSettingSchema = z
  .strictObject({ key: z.string().max(300), value: z.string().max(1024) })
  .superRefine((row, ctx) => {
    const rule = PERSON_SETTINGS.find((setting) => setting.key.test(row.key));
    if (!rule) {
      ctx.addIssue({
        code: 'custom',
        path: ['key'],
        message: `${JSON.stringify(row.key)} is not a setting an archive carries`,
      });
      return;
    }
    const value = rule.value.safeParse(row.value);
    if (!value.success)
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `${value.error.issues[0]?.message ?? 'not valid'} for ${row.key}`,
      });
  });

/** Whether the store keeps a setting of this key as the person's (and an archive carries it). */
export const isPersonSetting = (key: string): boolean => PERSON_SETTINGS.some((setting) => setting.key.test(key));
