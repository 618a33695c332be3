import { useEffect, useState, type SubmitEvent } from 'react';
import type { ConflictAnswer, RemoteStatusAnswer } from '../../src-shared/api/sync-answers';
import { useAccount } from '../state/account';
import { clients, describeFailure } from '../state/session';
import { describeFollowing, describeServer, remoteName, useSync } from '../state/sync';
import { readRemotes, syncOne } from '../state/sync-actions';
import { remoteState } from '../state/remote-state';
import { SyncIcon } from '../components/SyncStatus';
import { showError, useToasts } from '../state/toasts';
import type { Interface, SettleAction } from '../../src-shared/api/vocabulary';
import { routePath } from '../state/route';

/** Remotes: add one (sign in or paste a token), see what it linked and how it stands, sync now, conflicts. */
export default function RemotesScreen() {
  const { remotes, available } = useSync();
  useEffect(() => void readRemotes(), []);
  if (!available) {
    return (
      <section className="screen" aria-labelledby="screen-title">
        <header className="screen-head">
          <h1 id="screen-title">Remotes and sync</h1>
        </header>
        <p className="empty">This host runs without sync, so it cannot keep remotes.</p>
      </section>
    );
  }
  return (
    <section className="screen" aria-labelledby="screen-title">
      <header className="screen-head">
        <h1 id="screen-title">Remotes and sync</h1>
      </header>
      <div className="screen-scroll">
        {remotes.length === 0 ? (
          <p className="empty">No remotes yet: everything stays on this instance. Add one below.</p>
        ) : (
          <ul className="remote-list" aria-label="Remotes">
            {remotes.map((r) => (
              <RemoteCard key={r.guid} remote={r} />
            ))}
          </ul>
        )}
        <Conflicts />
        <AddRemote />
      </div>
    </section>
  );
}

function RemoteCard({ remote }: { remote: RemoteStatusAnswer }) {
  const busy = useSync((s) => s.syncingHere.includes(remote.guid));
  const { kind, words, title, detail } = remoteState(remote, Date.now() / 1000, busy);
  const syncNow = async () => {
    try {
      await syncOne(remote.guid);
    } catch (error) {
      showError(`Sync with ${remoteName(remote)} did not finish: ${describeFailure(error)}`);
    }
  };
  const remove = async () => {
    if (
      !globalThis.confirm(
        `Remove ${remoteName(remote)}? Posts stay here; items still waiting to be sent there are dropped.`,
      )
    )
      return;
    try {
      await clients().desk.removeRemote(remote.guid);
      useSync.getState().drop(remote.guid);
      void useAccount.getState().load();
    } catch (error) {
      showError(`Could not remove the remote: ${describeFailure(error)}`);
    }
  };
  return (
    <li className="remote">
      <h2>{remoteName(remote)}</h2>
      <p className="subtle">{describeServer(remote)}</p>
      <p className="subtle">{describeFollowing(remote)}</p>
      <p className={`sync-line sync-${kind}`} title={title || undefined}>
        <SyncIcon kind={kind} />
        <span className="sync-text">{words}</span>
      </p>
      <ul className="sync-detail" aria-label={`Sync with ${remoteName(remote)}`}>
        {detail.map((line) => (
          <li key={line.text} title={line.title}>
            {line.text}
          </li>
        ))}
      </ul>
      {remote.attention.length > 0 && (
        <ul className="attention" aria-label="Stopped items">
          {remote.attention.map((a) => (
            <AttentionItem
              key={`${a.seq}`}
              item={a}
              remoteGuid={remote.guid}
              conflict={remote.conflicts.some((c) => c.post_guid === a.post_guid)}
            />
          ))}
        </ul>
      )}
      <p>Linked Personas: {remote.personas.map((p) => `${p.name} (@${p.as})`).join(', ') || 'none'}</p>
      <p>
        Channels:{' '}
        {remote.channels.map((c) => c.name + (c.stand_in ? ' (stands in for its default)' : '')).join(', ') || 'none'}
      </p>
      <div className="row-buttons">
        <button type="button" onClick={() => void syncNow()} disabled={busy} aria-busy={busy}>
          {busy ? 'Syncing…' : `Sync ${remoteName(remote)} now`}
        </button>
        <button type="button" className="danger" onClick={() => void remove()}>
          Remove
        </button>
      </div>
    </li>
  );
}

type Stopped = RemoteStatusAnswer['attention'][number];

/** A change the remote refused for a reason retrying alone cannot fix: look at the post, retry, or keep it here. */
function AttentionItem({ item, remoteGuid, conflict }: { item: Stopped; remoteGuid: string; conflict: boolean }) {
  const [busy, setBusy] = useState(false);
  const settle = async (action: SettleAction) => {
    setBusy(true);
    try {
      await clients().desk.settleOutboxItem(item.seq, action);
      useToasts
        .getState()
        .show(action === 'retry' ? 'Back in line to be sent.' : 'Kept here only; it will not be sent.');
      void readRemotes();
    } catch (error) {
      showError(describeFailure(error));
    } finally {
      setBusy(false);
    }
  };
  const what = OP_NAMES[item.op] ?? item.op;
  return (
    <li className="attention-item" data-remote={remoteGuid}>
      <span>
        {what} of <a href={routePath({ screen: 'thread', guid: item.post_guid })}>a post</a>: {item.reason}
      </span>
      {/* An edit held by a conflict is settled by choosing a version below, not by retrying. */}
      {!conflict && (
        <span className="row-buttons">
          <button type="button" disabled={busy} onClick={() => void settle('retry')} aria-label={`Retry: ${what}`}>
            Retry
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void settle('discard')}
            aria-label={`Keep here only: ${what}`}
          >
            Keep here only
          </button>
        </span>
      )}
    </li>
  );
}

const OP_NAMES: Record<string, string> = {
  publish: 'Publishing',
  edit: 'An edit',
  delete: 'Deleting',
  star: 'A star',
  unstar: 'Removing a star',
  pin: 'A pin',
  unpin: 'Removing a pin',
};

function Conflicts() {
  const [conflicts, setConflicts] = useState<ConflictAnswer[]>([]);
  const count = useSync((s) => s.remotes.reduce((n, r) => n + r.conflicts.length, 0));
  useEffect(() => {
    if (count === 0) setConflicts([]);
    else
      clients()
        .desk.conflicts()
        .then(setConflicts, () => undefined);
  }, [count]);
  if (conflicts.length === 0) return null;
  const keep = async (c: ConflictAnswer, which: 'local' | 'remote') => {
    try {
      await clients().desk.resolveConflict(c.post_guid, which);
      setConflicts((list) => list.filter((x) => x.post_guid !== c.post_guid));
      void readRemotes();
    } catch (error) {
      showError(describeFailure(error));
    }
  };
  return (
    <section aria-labelledby="conflicts-title" className="conflicts">
      <h2 id="conflicts-title">Edited on both sides</h2>
      {conflicts.map((c) => (
        <div key={c.post_guid} className="conflict">
          <div>
            <h3>
              Here (<a href={routePath({ screen: 'thread', guid: c.post_guid })}>open the post</a>)
            </h3>
            <p dir="auto">
              {c.local.title && <strong>{c.local.title} </strong>}
              {c.local.text}
            </p>
            <button type="button" onClick={() => void keep(c, 'local')}>
              Keep this version
            </button>
          </div>
          <div>
            <h3>On the remote</h3>
            <p dir="auto">
              {c.remote.title && <strong>{c.remote.title} </strong>}
              {c.remote.text}
            </p>
            <button type="button" onClick={() => void keep(c, 'remote')}>
              Keep the remote version
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}

function AddRemote() {
  const [baseUrl, setBaseUrl] = useState('');
  const [api, setApi] = useState<Interface>('instance');
  const [how, setHow] = useState<'password' | 'token'>('password');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const credentials =
        how === 'token' || api === 'legacy' ? { token } : { account_name: name, account_pass: password };
      const added = await clients().desk.addRemote({ base_url: baseUrl.trim(), interface: api, ...credentials });
      useSync.getState().put(added);
      await useAccount.getState().load();
      useToasts.getState().show(`Added ${remoteName(added)}: ${added.personas.length} Persona(s) linked.`);
      setBaseUrl('');
      setPassword('');
      setToken('');
    } catch (failure) {
      setError(describeFailure(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="add-remote" onSubmit={(e) => void submit(e)} aria-labelledby="add-remote-title">
      <h2 id="add-remote-title">Add a remote</h2>
      <label>
        Address of the instance
        <input
          type="url"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          placeholder="https://example.org"
          required
        />
      </label>
      <label>
        Interface
        <select value={api} onChange={(e) => setApi(e.target.value === 'legacy' ? 'legacy' : 'instance')}>
          <option value="instance">Instance interface (/api)</option>
          <option value="legacy">Legacy interface only (/content)</option>
        </select>
      </label>
      <fieldset>
        <legend>Sign in with</legend>
        <label className="inline">
          <input
            type="radio"
            name="how"
            checked={how === 'password'}
            onChange={() => setHow('password')}
            disabled={api === 'legacy'}
          />
          Account name and password
        </label>
        <label className="inline">
          <input
            type="radio"
            name="how"
            checked={how === 'token' || api === 'legacy'}
            onChange={() => setHow('token')}
          />
          A token
        </label>
      </fieldset>
      {how === 'token' || api === 'legacy' ? (
        <label>
          Token
          <input
            value={token}
            onChange={(e) => setToken(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            required
          />
        </label>
      ) : (
        <>
          <label>
            Account name
            <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" required />
          </label>
          <label>
            Password
            <input
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="off"
              required
            />
          </label>
        </>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Adding…' : 'Add remote'}
      </button>
    </form>
  );
}
