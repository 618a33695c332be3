import { useEffect, useRef, useState } from 'react';
import { needsSource, POST_TYPES, PRIVACIES } from '../../../src-shared/api/vocabulary';
import { POST_TYPE_WORDS } from '../../util/post-type-words';
import { channelName, useAccount, writableChannels } from '../../state/account';
import { findDraft, useDrafts, type Draft } from '../../state/drafts';
import { MarkdownPreview } from './MarkdownPreview';
import { PlaceAndAddress } from './PlaceAndAddress';
import { Problems, problemId } from './Problems';
import { byteCount, charCount, LIMITS, problemsByField, type Field } from './publish';
import { isScheduled, sendDraft } from './send';
import type { RemotePost } from '../../../src-shared/client/remote-post';

const PRIVACY_NAMES: Record<string, string> = { 'visibility.public': 'Public', 'visibility.private': 'Private (your readers)', 'visibility.none': 'Only you' };

/**
 * The composer for a draft: every change is saved to the draft at once (state/drafts.ts), so closing the
 * window loses nothing, and a draft with nothing in it is not kept. Publishing sends it; problems come back
 * next to the field they concern (`refusal`: one met before it opened, when sent from the Drafts list).
 */
export function Composer({ draftId, onDone, compact = false, refusal }: { draftId: string; onDone: (published: RemotePost | null) => void; compact?: boolean; refusal?: unknown }) {
  const draft = useDrafts((s) => findDraft(s, draftId));
  const kept = useDrafts((s) => s.drafts.some((d) => d.id === draftId));
  const saveError = useDrafts((s) => s.saveError);
  const change = useDrafts((s) => s.change);
  const personas = useAccount((s) => s.personas);
  const channels = useAccount((s) => s.channels);
  const [problems, setProblems] = useState<Partial<Record<Field, string[]>>>(() => (refusal === undefined ? {} : problemsByField(refusal)));
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState(!compact);
  const textArea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => textArea.current?.focus(), []);
  const channelChoices = writableChannels(draft?.personaGuid ?? null, channels);
  // A draft kept from before may name a Channel its Persona may no longer write to: it moves to one it may.
  const staleChannel = draft !== undefined && draft.editing === null && !channelChoices.some((c) => c.guid === draft.channelGuid);
  const firstChoice = channelChoices[0]?.guid ?? null;
  const heldChannel = draft?.channelGuid;
  useEffect(() => {
    if (staleChannel && heldChannel !== firstChoice) change(draftId, { channelGuid: firstChoice });
  }, [staleChannel, firstChoice, draftId, heldChannel, change]);

  if (!draft) return <p className="state-line">This draft is gone.</p>;
  const set = (patch: Partial<Draft>) => change(draft.id, patch);
  const chars = charCount(draft.text);
  const bytes = byteCount(draft.text);
  const untitled = draft.type !== 'post.article';
  const scheduled = isScheduled(draft);
  const editing = draft.editing !== null;
  const described = (field: Field) => (problems[field]?.length ? { 'aria-invalid': true, 'aria-describedby': problemId(draft.id, field) } : {});

  const publish = async () => {
    setBusy(true);
    setProblems({});
    try {
      onDone(await sendDraft(draft));
    } catch (error) {
      setProblems(problemsByField(error));
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    useDrafts.getState().close(draft.id);
    onDone(null);
  };

  return (
    <form
      className={`composer${compact ? ' compact' : ''}`}
      aria-label={editing ? 'Edit post' : draft.replyTo ? 'Reply' : 'New post'}
      onSubmit={(e) => {
        e.preventDefault();
        void publish();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          void publish();
        }
        if (e.key === 'Escape') {
          e.preventDefault();
          close();
        }
      }}
    >
      {!editing && (
        <div className="type-tabs" role="radiogroup" aria-label="Kind of post">
          {POST_TYPES.map((type) => (
            <label key={type} className={draft.type === type ? 'on' : undefined}>
              <input type="radio" name={`type-${draft.id}`} value={type} checked={draft.type === type} onChange={() => set({ type })} />
              {POST_TYPE_WORDS[type].one}
            </label>
          ))}
        </div>
      )}
      <div className="row">
        <label>
          Persona
          <select value={draft.personaGuid ?? ''} disabled={editing} onChange={(e) => {
            const personaGuid = e.target.value;
            const first = writableChannels(personaGuid, channels)[0]?.guid ?? null;
            set({ personaGuid, channelGuid: first });
          }} {...described('persona')}>
            {personas.map((p) => <option key={p.guid} value={p.guid}>{p.name || p.as} (@{p.as})</option>)}
          </select>
        </label>
        <label>
          Channel
          <select value={draft.channelGuid ?? ''} disabled={editing || channelChoices.length === 0} onChange={(e) => set({ channelGuid: e.target.value || null })} {...described('channel')}>
            {editing && !channelChoices.some((c) => c.guid === draft.channelGuid) && <option value={draft.channelGuid ?? ''}>{channels.find((c) => c.guid === draft.channelGuid)?.name ?? 'Its Channel'}</option>}
            {channelChoices.map((c) => <option key={c.guid} value={c.guid}>{channelName(c)}</option>)}
          </select>
        </label>
      </div>
      {channelChoices.length === 0 && !editing && (
        <p className="field-error" role="alert">This Persona may write to no Channel. Give it one under Profile and Personas, or choose another Persona.</p>
      )}
      <Problems list={[...(problems.persona ?? []), ...(problems.channel ?? [])]} id={problemId(draft.id, 'persona')} />
      {draft.type === 'post.article' && (
        <label>
          Title
          <input value={draft.title} maxLength={LIMITS.titleChars} onChange={(e) => set({ title: e.target.value })} dir="auto" {...described('title')} />
          <Problems list={problems.title} id={problemId(draft.id, 'title')} />
        </label>
      )}
      {needsSource(draft.type) && (
        <div className="row">
          <label>
            Source URL
            <input type="url" value={draft.sourceUrl} placeholder="https://" onChange={(e) => set({ sourceUrl: e.target.value })} {...described('source')} />
          </label>
          <label>
            Source title
            <input value={draft.sourceTitle} onChange={(e) => set({ sourceTitle: e.target.value })} dir="auto" {...described('source')} />
          </label>
        </div>
      )}
      <Problems list={problems.source} id={problemId(draft.id, 'source')} />
      <div className={preview ? 'write-and-preview' : undefined}>
        <label className="text-field">
          {draft.type === 'post.quotation' ? 'Quotation and comment (Markdown)' : 'Text (Markdown)'}
          <textarea ref={textArea} value={draft.text} rows={compact ? 4 : 8} dir="auto" onChange={(e) => set({ text: e.target.value })} {...described('text')} />
        </label>
        {preview && <MarkdownPreview text={draft.text} />}
      </div>
      <p className={`counter${chars > LIMITS.textChars ? ' over' : ''}`} aria-live="polite">
        {chars.toLocaleString()} / {LIMITS.textChars.toLocaleString()} characters · {bytes.toLocaleString()} bytes
        {untitled && bytes > LIMITS.blurbBytes && ' · longer than the 8,192 bytes a legacy remote accepts for a note'}
      </p>
      <Problems list={problems.text} id={problemId(draft.id, 'text')} />
      <details className="more-options" open={!compact && (draft.tags !== '' || draft.publishAt !== '' || draft.expiresAt !== '' || draft.privacy !== 'visibility.public')}>
        <summary>Tags, privacy, schedule</summary>
        <div className="row">
          <label>
            Tags (comma between)
            <input value={draft.tags} onChange={(e) => set({ tags: e.target.value })} {...described('tags')} />
          </label>
          <label>
            Privacy
            <select value={draft.privacy} onChange={(e) => set({ privacy: e.target.value as Draft['privacy'] })}>
              {PRIVACIES.map((p) => <option key={p} value={p}>{PRIVACY_NAMES[p]}</option>)}
            </select>
          </label>
        </div>
        <Problems list={problems.tags} id={problemId(draft.id, 'tags')} />
        <div className="row">
          <label>
            Publish at (empty: now)
            <input type="datetime-local" value={draft.publishAt} onChange={(e) => set({ publishAt: e.target.value })} {...described('publishAt')} />
          </label>
          <label>
            Expires at (empty: never)
            <input type="datetime-local" value={draft.expiresAt} onChange={(e) => set({ expiresAt: e.target.value })} {...described('expiresAt')} />
          </label>
        </div>
        <Problems list={[...(problems.publishAt ?? []), ...(problems.expiresAt ?? [])]} id={problemId(draft.id, 'publishAt')} />
      </details>
      <PlaceAndAddress draft={draft} set={set} problems={problems} described={described} open={!compact} />
      <Problems list={problems.general} id={problemId(draft.id, 'general')} />
      {saveError && <p className="field-error" role="alert">{saveError}</p>}
      <div className="composer-actions">
        <button type="button" className="link-button" onClick={() => setPreview(!preview)} aria-pressed={preview}>
          Preview
        </button>
        <span className="subtle">{kept ? 'Saved as a draft as you type' : 'Kept as a draft once you write'}</span>
        <button type="button" onClick={close}>
          {kept ? 'Close, keep draft' : 'Cancel'}
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Sending…' : editing ? 'Save' : scheduled ? 'Schedule' : draft.replyTo ? 'Publish reply' : 'Publish'}
        </button>
      </div>
    </form>
  );
}
