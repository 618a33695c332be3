import { useEffect, useRef, useState } from 'react';
import type { ChannelAnswer, PersonaAnswer } from '../../../src-shared/api/answers';
import { channelName, useAccount, writableChannels } from '../../state/account';
import { setChannelAccess } from '../../state/channel-access';
import { whyNotDeletable } from '../../state/channel-delete';
import { clients } from '../../state/session';
import { DeleteChannelDialog } from './DeleteChannelDialog';
import { Problem, useTask } from './form-task';

const personaLabel = (p: PersonaAnswer) => `${p.name || p.as} (@${p.as})`;

/** The Channels: their names, which Personas may write to each, and new ones. */
export function ChannelsSection() {
  const channels = useAccount((s) => s.channels);
  const personas = useAccount((s) => s.personas);
  // A Persona that may write nowhere cannot publish at all: said here, where it can be mended.
  const homeless = personas.filter((p) => writableChannels(p.guid, channels).length === 0);
  const [deleting, setDeleting] = useState<ChannelAnswer | null>(null);
  // After a deletion the focus had been on the card that is gone: it goes to the list's heading instead.
  const heading = useRef<HTMLHeadingElement>(null);
  const [deleted, setDeleted] = useState(0);
  useEffect(() => {
    if (deleted > 0) heading.current?.focus();
  }, [deleted]);
  return (
    <section aria-labelledby="channels-title" className="channels-section">
      <h2 id="channels-title" ref={heading} tabIndex={-1}>
        Channels
      </h2>
      <p className="subtle">
        A Persona publishes only to the Channels it may write to; the composer offers it no others.
      </p>
      {homeless.map((p) => (
        <p key={p.guid} className="field-error" role="status">
          {personaLabel(p)} may write to no Channel, so it cannot publish.
        </p>
      ))}
      {channels.map((c) => (
        <ChannelCard
          key={c.guid}
          channel={c}
          personas={personas}
          blocked={whyNotDeletable(c, channels)}
          onDelete={() => setDeleting(c)}
        />
      ))}
      <NewChannel personas={personas} />
      {deleting && (
        <DeleteChannelDialog
          channel={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            setDeleted((n) => n + 1);
          }}
        />
      )}
    </section>
  );
}

function ChannelCard(props: {
  channel: ChannelAnswer;
  personas: PersonaAnswer[];
  blocked: string | null;
  onDelete: () => void;
}) {
  const { channel, personas, blocked } = props;
  const [name, setName] = useState(channel.name);
  const { busy, error, run } = useTask();
  const title = channelName(channel);
  const reasonId = `channel-undeletable-${channel.guid}`;
  return (
    <div className="card-form">
      <h3 dir="auto">{title}</h3>
      <form
        className="inline-form"
        aria-label={`Channel ${title}`}
        onSubmit={run(
          async () => useAccount.getState().putChannel(await clients().desk.renameChannel(channel.guid, name)),
          'Channel renamed.',
        )}
      >
        <label>
          Channel name
          <input value={name} onChange={(e) => setName(e.target.value)} dir="auto" required />
        </label>
        <button type="submit" disabled={busy || name.trim() === channel.name}>
          Rename
        </button>
      </form>
      <Problem error={error} />
      <fieldset className="writers">
        <legend dir="auto">Who may write to {title}</legend>
        {personas.map((p) => (
          <label key={p.guid} className="inline">
            <input
              type="checkbox"
              checked={channel.writers.includes(p.guid)}
              onChange={(e) => void setChannelAccess(channel.guid, p.guid, e.target.checked)}
            />
            <span dir="auto">{personaLabel(p)}</span>
          </label>
        ))}
        {channel.writers.length === 0 && (
          <p className="subtle">No Persona may write here: nothing can be published to it.</p>
        )}
      </fieldset>
      <div className="channel-delete">
        {/* Focusable even when it cannot act, so that the reason is heard as well as seen. */}
        <button
          type="button"
          className="danger"
          aria-label={`Delete Channel ${title}`}
          aria-disabled={blocked !== null}
          {...(blocked !== null ? { 'aria-describedby': reasonId } : {})}
          onClick={() => blocked === null && props.onDelete()}
        >
          Delete
        </button>
        {blocked !== null && (
          <p id={reasonId} className="subtle">
            {blocked}
          </p>
        )}
      </div>
    </div>
  );
}

function NewChannel({ personas }: { personas: PersonaAnswer[] }) {
  const current = useAccount((s) => s.currentGuid);
  const [name, setName] = useState('');
  // Who may write to it: the current Persona unless the person chooses otherwise.
  const [chosen, setChosen] = useState<string[] | null>(null);
  const writers = chosen ?? (current ? [current] : []);
  const { busy, error, run } = useTask();
  const toggle = (guid: string, on: boolean) => setChosen(on ? [...writers, guid] : writers.filter((g) => g !== guid));
  return (
    <form
      className="card-form"
      aria-labelledby="new-channel-title"
      onSubmit={run(async () => {
        useAccount.getState().putChannel(await clients().desk.createChannel({ name, persona_guids: writers }));
        setName('');
        setChosen(null);
      }, 'Channel created.')}
    >
      <h3 id="new-channel-title">New Channel</h3>
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} dir="auto" required />
      </label>
      <fieldset className="writers">
        <legend>Who may write to it</legend>
        {personas.map((p) => (
          <label key={p.guid} className="inline">
            <input
              type="checkbox"
              checked={writers.includes(p.guid)}
              onChange={(e) => toggle(p.guid, e.target.checked)}
            />
            <span dir="auto">{personaLabel(p)}</span>
          </label>
        ))}
      </fieldset>
      {writers.length === 0 && <p className="subtle">Choose at least one Persona that may write to it.</p>}
      <Problem error={error} />
      <button type="submit" disabled={busy || writers.length === 0}>
        Create Channel
      </button>
    </form>
  );
}
