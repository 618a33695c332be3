import { z } from 'zod';

/**
 * The person's settings, kept as JSON in the user-data folder (settings.ts) and changed through IPC.
 * Free of Node and Electron imports: the renderer derives its types from here too.
 */

/** Where the loopback server listens unless the person chooses another port; next to the headless host's 8787. */
export const DEFAULT_LOOPBACK_PORT = 8788;

const portSchema = z.number().int().min(1024, 'port must be 1024 or above').max(65535, 'port must be 65535 or below');

/** An exact web origin such as `http://localhost:5173`: scheme, host and port, nothing else. */
const originSchema = z.string().refine(isOrigin, 'an origin is http(s)://host[:port] with no path');

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
  } catch {
    return false;
  }
}

export const settingsSchema = z.object({
  loopback: z.object({
    /** Serve the instance on 127.0.0.1 for other programs on this computer (owner token required). */
    enabled: z.boolean(),
    port: portSchema,
    /** Web pages allowed to call the loopback API from a browser (CORS); none by default. */
    allowedOrigins: z.array(originSchema).max(20),
  }),
  /** A desktop notification when sync brings new mentions. */
  notifyMentions: z.boolean(),
  /** Start the app when the person logs in. */
  openAtLogin: z.boolean(),
});

export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  loopback: { enabled: true, port: DEFAULT_LOOPBACK_PORT, allowedOrigins: [] },
  notifyMentions: true,
  openAtLogin: false,
};

/** What the renderer may send to change settings: any subset, nothing unknown. */
export const settingsPatchSchema = z.strictObject({
  loopback: settingsSchema.shape.loopback.strict().partial().optional(),
  notifyMentions: z.boolean().optional(),
  openAtLogin: z.boolean().optional(),
});

export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/**
 * Reads a settings file leniently: a field that is missing or damaged (an older version, a hand edit)
 * falls back to its default and the others are kept, rather than losing every choice for one typo.
 */
export const storedSettingsSchema = z.object({
  loopback: z
    .object({
      enabled: z.boolean().catch(DEFAULT_SETTINGS.loopback.enabled),
      port: portSchema.catch(DEFAULT_SETTINGS.loopback.port),
      allowedOrigins: z.array(originSchema).max(20).catch(DEFAULT_SETTINGS.loopback.allowedOrigins),
    })
    .catch(DEFAULT_SETTINGS.loopback),
  notifyMentions: z.boolean().catch(DEFAULT_SETTINGS.notifyMentions),
  openAtLogin: z.boolean().catch(DEFAULT_SETTINGS.openAtLogin),
});

/** A field the patch leaves out, or names as undefined (IPC carries that), keeps its value. */
export function applySettingsPatch(settings: Settings, patch: SettingsPatch): Settings {
  const { loopback } = settings;
  return {
    loopback: {
      enabled: patch.loopback?.enabled ?? loopback.enabled,
      port: patch.loopback?.port ?? loopback.port,
      allowedOrigins: patch.loopback?.allowedOrigins ?? loopback.allowedOrigins,
    },
    notifyMentions: patch.notifyMentions ?? settings.notifyMentions,
    openAtLogin: patch.openAtLogin ?? settings.openAtLogin,
  };
}
