import { create } from 'zustand';
import type { ChannelAnswer, PersonaAnswer, ProfileAnswer } from '../../src-shared/api/answers';
import type { Clients } from '../api/clients';
import { clients, describeFailure } from './session';

/** The account, its Personas and Channels, and which Persona the person is acting as now. */
interface AccountStore {
  profile: ProfileAnswer | null;
  personas: PersonaAnswer[];
  channels: ChannelAnswer[];
  currentGuid: string | null;
  error: string | null;
  load: () => Promise<void>;
  /**
   * Reads the account unless this session has read it or is reading it: the page's entry starts it beside
   * the first timeline (main.tsx), and the shell, drawn later, finds it under way or done.
   */
  loadOnce: () => Promise<void>;
  /** By GUID, or by place in the switcher (1 is the first). */
  switchTo: (which: string | number) => void;
  /** Replaces one Persona or Channel after an edit. */
  putPersona: (persona: PersonaAnswer) => void;
  putChannel: (channel: ChannelAnswer) => void;
  /** All the Channels at once, as the instance lists them after a change to several (a deletion). */
  setChannels: (channels: ChannelAnswer[]) => void;
  setProfile: (profile: ProfileAnswer) => void;
}

const CURRENT_KEY = 'desk.current-persona.v1';

function rememberedGuid(): string | null {
  try {
    return localStorage.getItem(CURRENT_KEY);
  } catch {
    return null;
  }
}

/** The read of the account `loadOnce` started, and the session's clients it was made with. */
let readOnce: { by: Clients; done: Promise<void> } | null = null;

function remember(guid: string): void {
  try {
    localStorage.setItem(CURRENT_KEY, guid);
  } catch {
    // A page without storage still switches; it only forgets the choice on reload.
  }
}

export const useAccount = create<AccountStore>((set, get) => ({
  profile: null,
  personas: [],
  channels: [],
  // The Persona of the last visit: the first timeline can be asked for before the account has answered.
  currentGuid: typeof localStorage === 'undefined' ? null : rememberedGuid(),
  error: null,

  load: async () => {
    try {
      const { desk } = clients();
      const [profile, personas, channels] = await Promise.all([desk.profile(), desk.personas(), desk.channels()]);
      const remembered = get().currentGuid ?? rememberedGuid();
      const current = personas.find((p) => p.guid === remembered)?.guid ?? personas[0]?.guid ?? null;
      set({ profile, personas, channels, currentGuid: current, error: null });
      if (current !== null) remember(current);
    } catch (error) {
      set({ error: describeFailure(error) });
    }
  },

  loadOnce: () => {
    const by = clients();
    if (readOnce?.by !== by) {
      const done = get()
        .load()
        .then(() => {
          // A read that failed is tried again by the next caller (and by the shell's Try again).
          if (get().error !== null && readOnce?.done === done) readOnce = null;
        });
      readOnce = { by, done };
    }
    return readOnce.done;
  },

  switchTo: (which) => {
    const { personas } = get();
    const persona = typeof which === 'number' ? personas[which - 1] : personas.find((p) => p.guid === which);
    if (!persona) return;
    remember(persona.guid);
    set({ currentGuid: persona.guid });
  },

  putPersona: (persona) => {
    const personas = get().personas;
    const known = personas.some((p) => p.guid === persona.guid);
    set({ personas: known ? personas.map((p) => (p.guid === persona.guid ? persona : p)) : [...personas, persona] });
  },
  putChannel: (channel) => {
    const channels = get().channels;
    const known = channels.some((c) => c.guid === channel.guid);
    get().setChannels(known ? channels.map((c) => (c.guid === channel.guid ? channel : c)) : [...channels, channel]);
  },
  setChannels: (channels) => {
    // A Persona's `channels` is the other side of the Channels' `writers`: kept in step, so the composer and
    // the sidebar, which read either, agree at once.
    set({
      channels,
      personas: get().personas.map((p) => ({ ...p, channels: writableChannels(p.guid, channels).map((c) => c.guid) })),
    });
  },
  setProfile: (profile) => set({ profile }),
}));

export function currentPersona(): PersonaAnswer | null {
  const { personas, currentGuid } = useAccount.getState();
  return personas.find((p) => p.guid === currentGuid) ?? null;
}

export const useCurrentPersona = (): PersonaAnswer | null =>
  useAccount((s) => s.personas.find((p) => p.guid === s.currentGuid) ?? null);

/** A Channel's name as the page shows it: one without a name still gets words. */
export const channelName = (channel: ChannelAnswer): string => channel.name || 'Unnamed Channel';

/** The Channels a Persona may write to, in the account's order. */
export function writableChannels(personaGuid: string | null, channels: readonly ChannelAnswer[]): ChannelAnswer[] {
  return channels.filter((c) => personaGuid !== null && c.writers.includes(personaGuid));
}
