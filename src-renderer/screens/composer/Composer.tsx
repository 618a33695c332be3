import { useEffect, useRef, useState } from 'react';
import { needsSource, POST_TYPES } from '../../../src-shared/api/vocabulary';
import { POST_TYPE_WORDS } from '../../util/post-type-words';
import { channelName, useAccount, writableChannels } from '../../state/account';
import type { Draft } from '../../../src-shared/api/draft';
import { useCopies } from '../../state/copies';
import { useDraftSync } from '../../state/draft-sync';
import { findDraft, useDrafts } from '../../state/drafts';
import type { Field } from './field-words';
import { PlaceAndAddress } from './PlaceAndAddress';
import { Problems, problemId } from './Problems';
import { problemsByField, type Problems as ProblemList } from './publish';
import { isScheduled, sendDraft } from './send';
import { TagsAndSchedule } from './TagsAndSchedule';
import { TextAndPreview, ViewToggle } from './TextAndPreview';
import { TypeFields } from './TypeFields';
import type { SectionProps } from './section-props';
import type { RemotePost } from '../../../src-shared/client/remote-post';

/** What a reply composer keeps behind "More": everything but the text. */
const BEHIND_MORE: ReadonlySet<Field> = new Set([
  'type',
  'title',
  'sourceUrl',
  'sourceTitle',
  'persona',
  'channel',
  'tags',
  'privacy',
  'publishAt',
  'expiresAt',
  'place',
  'latitude',
  'longitude',
  'altitude',
  'canonical',
  'slug',
]);

/** A reply draft with more in it than text (kept from before, or reopened): its options start unfolded. */
const hasMoreThanText = (draft: Draft | undefined): boolean =>
  draft !== undefined &&
  (draft.type !== 'post.note' ||
    draft.tags !== '' ||
    draft.publishAt !== '' ||
    draft.expiresAt !== '' ||
    draft.privacy !== 'visibility.public' ||
    draft.place !== '' ||
    draft.canonicalPath !== '');

/**
 * The composer for a draft: every change is saved to the draft at once (state/drafts.ts), so closing the
 * window loses nothing, and a draft with nothing in it is not kept. Publishing checks the draft, then sends
 * it; each problem is said in plain words beside its field (field-words.ts), or in the summary above the
 * buttons when no field on show is its own (`refusal`: one met before it opened, when sent from Drafts).
 * `compact`, in a thread, is a reply: its text and Publish first, everything else behind "More".
 */
export function Composer({
  draftId,
  onDone,
  compact = false,
  refusal,
}: {
  draftId: string;
  onDone: (published: RemotePost | null) => void;
  compact?: boolean;
  refusal?: unknown;
}) {
  const draft = useDrafts((s) => findDraft(s, draftId));
  const kept = useDrafts((s) => s.drafts.some((d) => d.id === draftId));
  const saveError = useDrafts((s) => s.saveError);
  // Why the instance does not have this draft's last change: refused for what it is, or out of reach.
  const instanceProblem = useDraftSync((s) => s.refused[draftId]?.reason ?? (kept ? s.problem : null));
  const change = useDrafts((s) => s.change);
  const personas = useAccount((s) => s.personas);
  const channels = useAccount((s) => s.channels);
  const [problems, setProblems] = useState<ProblemList>(() =>
    refusal === undefined ? {} : problemsByField(refusal, draft?.type ?? ''),
  );
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState(false);
  const [more, setMore] = useState(
    () => !compact || hasMoreThanText(draft) || Object.keys(problems).some((f) => BEHIND_MORE.has(f as Field)),
  );
  /** Set when a refusal comes back: the first field it concerns gets the focus. */
  const [refused, setRefused] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => textArea.current?.focus(), []);
  useEffect(() => {
    if (refused > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);
  const channelChoices = writableChannels(draft?.personaGuid ?? null, channels);
  // A draft kept from before may name a Channel its Persona may no longer write to: it moves to one it may.
  const staleChannel =
    draft !== undefined && draft.editing === null && !channelChoices.some((c) => c.guid === draft.channelGuid);
  const firstChoice = channelChoices[0]?.guid ?? null;
  const heldChannel = draft?.channelGuid;
  useEffect(() => {
    if (staleChannel && heldChannel !== firstChoice) change(draftId, { channelGuid: firstChoice });
  }, [staleChannel, firstChoice, draftId, heldChannel, change]);

  if (!draft) return <p className="state-line">This draft is gone.</p>;
  const set = (patch: Partial<Draft>) => change(draft.id, patch);
  const scheduled = isScheduled(draft);
  const editing = draft.editing !== null;
  const described = (field: Field) =>
    problems[field]?.length ? { 'aria-invalid': true, 'aria-describedby': problemId(draft.id, field) } : {};
  // A reply with one Persona and one Channel has nothing to choose: the pickers stay away.
  const showPersona = !compact || personas.length > 1;
  const showChannel = !compact || channelChoices.length > 1 || editing;

  /** The fields on show, whose problems are said beside them; the others' go to the summary. */
  const beside = new Set<Field>(['text']);
  if (more) {
    for (const field of [
      'tags',
      'privacy',
      'publishAt',
      'expiresAt',
      'place',
      'latitude',
      'longitude',
      'altitude',
      'canonical',
    ] as const)
      beside.add(field);
    if (showPersona) beside.add('persona');
    if (showPersona || showChannel) beside.add('channel');
    if (draft.type === 'post.article') (['title', 'slug'] as const).forEach((f) => beside.add(f));
    if (needsSource(draft.type)) (['sourceUrl', 'sourceTitle'] as const).forEach((f) => beside.add(f));
  }
  const summary = Object.entries(problems).flatMap(([field, list]) => (beside.has(field as Field) ? [] : list));

  const publish = async () => {
    setBusy(true);
    setProblems({});
    try {
      onDone(await sendDraft(draft));
    } catch (error) {
      const found = problemsByField(error, draft.type);
      setProblems(found);
      if (found.text) setPreview(false);
      if (Object.keys(found).some((f) => BEHIND_MORE.has(f as Field))) setMore(true);
      setRefused((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    useDrafts.getState().close(draft.id);
    onDone(null);
  };

  const moreId = `more-${draft.id}`;
  return (
    <form
      ref={form}
      className={`composer${compact ? ' compact' : ''}`}
      aria-label={editing ? 'Edit post' : draft.replyTo ? 'Reply' : 'New post'}
      noValidate
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
      {!compact && (
        <TypeAndPersona draft={draft} set={set} problems={problems} described={described} showPersona showChannel />
      )}
      {!compact && <TypeFields draft={draft} set={set} problems={problems} described={described} />}
      <TextAndPreview
        draft={draft}
        set={set}
        problems={problems}
        textArea={textArea}
        compact={compact}
        preview={preview}
        setPreview={setPreview}
      />
      {more && (
        <div className="composer-more" id={moreId}>
          {compact && (
            <>
              <TypeAndPersona
                draft={draft}
                set={set}
                problems={problems}
                described={described}
                showPersona={showPersona}
                showChannel={showChannel}
              />
              <TypeFields draft={draft} set={set} problems={problems} described={described} />
              <ViewToggle preview={preview} setPreview={setPreview} />
            </>
          )}
          <TagsAndSchedule draft={draft} set={set} problems={problems} described={described} open={!compact} />
          <PlaceAndAddress draft={draft} set={set} problems={problems} described={described} open={!compact} />
        </div>
      )}
      {channelChoices.length === 0 && !editing && (
        <p className="field-error" role="alert">
          This Persona may write to no Channel. Give it one under Profile and Personas, or choose another Persona.
        </p>
      )}
      {summary.length > 0 && (
        <div className="problem-summary" role="alert" id={problemId(draft.id, 'general')}>
          <p>Not sent yet:</p>
          <ul>
            {[...new Set(summary)].map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {saveError && (
        <p className="field-error" role="alert">
          {saveError}
        </p>
      )}
      {instanceProblem && (
        <p className="subtle" role="status">
          {instanceProblem}
        </p>
      )}
      <div className="composer-actions">
        {compact ? (
          <button
            type="button"
            className="link-button more-toggle"
            aria-expanded={more}
            aria-controls={more ? moreId : undefined}
            onClick={() => setMore(!more)}
          >
            More
          </button>
        ) : (
          <span className="subtle">{kept ? 'Saved as a draft as you type' : 'Kept as a draft once you write'}</span>
        )}
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

interface PickerProps extends SectionProps {
  showPersona: boolean;
  showChannel: boolean;
}

/** The kind of post (not for an edit: a post keeps its kind), who writes it and in which Channel. */
function TypeAndPersona({ draft, set, problems, described, showPersona, showChannel }: PickerProps) {
  const personas = useAccount((s) => s.personas);
  const channels = useAccount((s) => s.channels);
  const channelChoices = writableChannels(draft.personaGuid, channels);
  const editing = draft.editing !== null;
  return (
    <>
      {!editing && (
        <div className="type-tabs" role="radiogroup" aria-label="Kind of post">
          {POST_TYPES.map((type) => (
            <label key={type} className={draft.type === type ? 'on' : undefined}>
              {/* Switching kind keeps every field as typed: a field the kind does not use is only hidden. */}
              <input
                type="radio"
                name={`type-${draft.id}`}
                value={type}
                checked={draft.type === type}
                onChange={() => set({ type })}
              />
              {POST_TYPE_WORDS[type].one}
            </label>
          ))}
        </div>
      )}
      {(showPersona || showChannel) && (
        <div className="row">
          {showPersona && (
            <label>
              Persona
              <select
                value={draft.personaGuid ?? ''}
                disabled={editing}
                onChange={(e) => {
                  const personaGuid = e.target.value;
                  const first = writableChannels(personaGuid, channels)[0]?.guid ?? null;
                  set({ personaGuid, channelGuid: first, alsoAs: draft.alsoAs.filter((g) => g !== personaGuid) });
                }}
                {...described('persona')}
              >
                {personas.map((p) => (
                  <option key={p.guid} value={p.guid}>
                    {p.name || p.as} (@{p.as})
                  </option>
                ))}
              </select>
            </label>
          )}
          {showChannel && (
            <label>
              Channel
              <select
                value={draft.channelGuid ?? ''}
                disabled={editing || channelChoices.length === 0}
                onChange={(e) => set({ channelGuid: e.target.value || null })}
                {...described('channel')}
              >
                {editing && !channelChoices.some((c) => c.guid === draft.channelGuid) && (
                  <option value={draft.channelGuid ?? ''}>
                    {channels.find((c) => c.guid === draft.channelGuid)?.name ?? 'Its Channel'}
                  </option>
                )}
                {channelChoices.map((c) => (
                  <option key={c.guid} value={c.guid}>
                    {channelName(c)}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
      {showPersona && !editing && draft.replyTo === null && <AlsoAs draft={draft} set={set} />}
      {editing && <EditCopies draft={draft} set={set} />}
      <Problems list={[...(problems.persona ?? []), ...(problems.channel ?? [])]} id={problemId(draft.id, 'persona')} />
    </>
  );
}

/**
 * For an edit of a post published as several Personas: whether the edit changes this copy alone or every
 * one of them (each keeping its own Persona and Channel). Nothing for a post published alone.
 */
function EditCopies({ draft, set }: Pick<SectionProps, 'draft' | 'set'>) {
  const copies = useCopies(draft.editing);
  if (copies.length < 2) return null;
  return (
    <fieldset className="also-as">
      <legend>This post was published as {copies.length} Personas</legend>
      <label>
        <input
          type="radio"
          name={`copies-${draft.id}`}
          checked={!draft.editCopies}
          onChange={() => set({ editCopies: false })}
        />
        Change this copy only
      </label>
      <label>
        <input
          type="radio"
          name={`copies-${draft.id}`}
          checked={draft.editCopies}
          onChange={() => set({ editCopies: true })}
        />
        Change every copy
      </label>
    </fieldset>
  );
}

/**
 * The other Personas to publish the same post as, each in its first Channel it may write to: one post for
 * each, sent where each Persona lives (here, or its remote). Only Personas with a Channel are offered.
 */
function AlsoAs({ draft, set }: Pick<SectionProps, 'draft' | 'set'>) {
  const personas = useAccount((s) => s.personas);
  const channels = useAccount((s) => s.channels);
  const main = draft.personaGuid ?? personas[0]?.guid;
  const others = personas.filter((p) => p.guid !== main && writableChannels(p.guid, channels).length > 0);
  if (others.length === 0) return null;
  const toggle = (guid: string, on: boolean) =>
    set({ alsoAs: on ? [...draft.alsoAs.filter((g) => g !== guid), guid] : draft.alsoAs.filter((g) => g !== guid) });
  return (
    <fieldset className="also-as">
      <legend>Also publish as</legend>
      {others.map((p) => (
        <label key={p.guid}>
          <input
            type="checkbox"
            checked={draft.alsoAs.includes(p.guid)}
            onChange={(e) => toggle(p.guid, e.target.checked)}
          />
          {p.name || p.as} (@{p.as})
        </label>
      ))}
    </fieldset>
  );
}
