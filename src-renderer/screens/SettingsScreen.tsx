import { lazy, Suspense, useEffect, useState } from 'react';
import type { PersonaAnswer } from '../../src-shared/api/answers';
import { LIMITS } from '../../src-shared/api/inputs';
import { useAccount } from '../state/account';
import { THEMES, useTheme, type Theme } from '../state/theme';
import { clients } from '../state/session';
import { BackupsSection } from './settings/BackupsSection';
import { ArchiveSection } from './settings/ArchiveSection';
import { ChannelsSection } from './settings/ChannelsSection';
import { Problem, useTask } from './settings/form-task';

const MarkdownPreview = lazy(() => import('./composer/MarkdownPreview').then((m) => ({ default: m.MarkdownPreview })));

/** The account profile, the Personas (names, handles, bios) and the Channels. */
export default function SettingsScreen() {
  const personas = useAccount((s) => s.personas);
  return (
    <section className="screen" aria-labelledby="screen-title">
      <header className="screen-head">
        <h1 id="screen-title">Profile and Personas</h1>
      </header>
      <div className="screen-scroll settings">
        <Appearance />
        <ProfileForm />
        <h2>Personas</h2>
        {personas.map((p) => (
          <PersonaForm key={p.guid} persona={p} />
        ))}
        <NewPersona />
        <ChannelsSection />
        <ArchiveSection />
        <BackupsSection />
      </div>
    </section>
  );
}

/** Light, dark or the system's colours: kept in this browser, applied at once. */
function Appearance() {
  const chosen = useTheme((s) => s.theme);
  const choose = useTheme((s) => s.choose);
  return (
    <fieldset className="card-form appearance">
      <legend>Appearance</legend>
      <div className="type-tabs" role="radiogroup" aria-label="Colours">
        {THEMES.map((theme) => (
          <label key={theme} className={theme === chosen ? 'on' : undefined}>
            <input type="radio" name="theme" value={theme} checked={theme === chosen} onChange={() => choose(theme)} />
            {THEME_LABEL[theme]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const THEME_LABEL: Record<Theme, string> = { system: 'As the system', light: 'Light', dark: 'Dark' };

function ProfileForm() {
  const profile = useAccount((s) => s.profile);
  const [form, setForm] = useState({
    display_as: profile?.display_name ?? '',
    language: profile?.language.code ?? '',
    mail_addr: profile?.mail_address ?? '',
    timezone: profile?.timezone ?? '',
  });
  const { busy, error, run } = useTask();
  const field = (key: keyof typeof form, label: string, type = 'text') => (
    <label>
      {label}
      <input type={type} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} required />
    </label>
  );
  return (
    <form
      className="card-form"
      aria-labelledby="profile-title"
      onSubmit={run(
        async () => useAccount.getState().setProfile(await clients().desk.setProfile(form)),
        'Profile saved.',
      )}
    >
      <h2 id="profile-title">Account profile</h2>
      <div className="row">
        {field('display_as', 'Display name')}
        {field('mail_addr', 'E-mail', 'email')}
      </div>
      <div className="row">
        {field('language', 'Language (e.g. en, de-CH)')}
        {field('timezone', 'Time zone (e.g. Europe/Berlin)')}
      </div>
      <Problem error={error} />
      <button type="submit" className="primary" disabled={busy}>
        Save profile
      </button>
    </form>
  );
}

function PersonaForm({ persona }: { persona: PersonaAnswer }) {
  const [name, setName] = useState(persona.name);
  const [handle, setHandle] = useState(persona.as);
  const [bio, setBio] = useState<string | null>(null);
  const names = useTask();
  const bios = useTask();
  useEffect(() => {
    clients()
      .desk.bio(persona.guid)
      .then(
        (b) => setBio(b.bio.text),
        () => setBio(''),
      );
  }, [persona.guid]);
  return (
    <div className="card-form">
      <form
        aria-label={`Persona @${persona.as}`}
        onSubmit={names.run(
          async () =>
            useAccount.getState().putPersona(await clients().desk.updatePersona(persona.guid, { name, handle })),
          'Persona saved.',
        )}
      >
        <h3 dir="auto">
          {persona.name} <span className="subtle">@{persona.as}</span>
        </h3>
        <div className="row">
          <label>
            Name
            <input value={name} onChange={(e) => setName(e.target.value)} dir="auto" required />
          </label>
          <label>
            Handle
            <input value={handle} onChange={(e) => setHandle(e.target.value)} required />
          </label>
        </div>
        <Problem error={names.error} />
        <button type="submit" disabled={names.busy}>
          Save name and handle
        </button>
      </form>
      {bio !== null && (
        <form
          aria-label={`Bio of @${persona.as}`}
          onSubmit={bios.run(
            async () => setBio((await clients().desk.setBio(persona.guid, bio)).bio.text),
            'Bio saved.',
          )}
        >
          <div className="write-and-preview">
            <label className="text-field">
              Bio (Markdown, at most {LIMITS.bioChars.toLocaleString('en')} characters)
              <textarea
                value={bio}
                rows={4}
                maxLength={LIMITS.bioChars}
                dir="auto"
                onChange={(e) => setBio(e.target.value)}
              />
            </label>
            <Suspense fallback={null}>
              <MarkdownPreview text={bio} label={`Bio preview of @${persona.as}`} />
            </Suspense>
          </div>
          <Problem error={bios.error} />
          <button type="submit" disabled={bios.busy}>
            Save bio
          </button>
        </form>
      )}
    </div>
  );
}

function NewPersona() {
  const [handle, setHandle] = useState('');
  const [name, setName] = useState('');
  const { busy, error, run } = useTask();
  return (
    <form
      className="card-form"
      aria-labelledby="new-persona-title"
      onSubmit={run(async () => {
        useAccount.getState().putPersona(await clients().desk.createPersona({ handle, ...(name ? { name } : {}) }));
        await useAccount.getState().load();
        setHandle('');
        setName('');
      }, 'Persona created.')}
    >
      <h3 id="new-persona-title">New Persona</h3>
      <div className="row">
        <label>
          Handle
          <input value={handle} onChange={(e) => setHandle(e.target.value)} required />
        </label>
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} dir="auto" />
        </label>
      </div>
      <Problem error={error} />
      <button type="submit" disabled={busy}>
        Create Persona
      </button>
    </form>
  );
}
