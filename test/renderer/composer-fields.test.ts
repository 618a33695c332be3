// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RemoteError } from '../../src-shared/client/errors';
import { Composer } from '../../src-renderer/screens/composer/Composer';
import { paramsOf, problemsByField, publishDraft, updateParamsOf } from '../../src-renderer/screens/composer/publish';
import { edit } from '../../src-renderer/state/actions';
import { useAccount } from '../../src-renderer/state/account';
import { blankDraft, findDraft, readDrafts, useDrafts } from '../../src-renderer/state/drafts';
import { useUi } from '../../src-renderer/state/ui';
import type { TestInstance } from '../support/instance';
import { actSettled, connectedInstance } from './support';

/** The draft open in the composer (an edit is kept as a draft only once it is changed). */
const composing = () => findDraft(useDrafts.getState(), useUi.getState().composing ?? '');

/** The write variables the composer offers beyond text: the place and the post's own address. */
describe('place and address in the composer', () => {
  let instance: TestInstance;
  beforeEach(async () => {
    localStorage.clear();
    instance = await connectedInstance();
    useDrafts.setState({ drafts: [] });
    await useAccount.getState().load();
  });
  afterEach(async () => {
    cleanup();
    await instance.close();
  });

  it('sends the place, coordinates, address path and slug, and an edit starts from them', async () => {
    const draft = blankDraft({
      type: 'post.article',
      title: 'By the river',
      text: 'Written outside',
      place: 'Lisbon, by the river',
      latitude: '38,7223',
      longitude: '-9.1393',
      altitude: '12',
      canonicalPath: '/notes/lisbon',
      slug: 'by-the-river',
    });
    expect(paramsOf(draft)).toMatchObject({
      geo_description: 'Lisbon, by the river',
      geo_latitude: 38.7223,
      geo_longitude: -9.1393,
      geo_altitude: 12,
      canonical_url: '/notes/lisbon',
      post_slug: 'by-the-river',
    });
    // A slug is for articles only; an empty field sends nothing.
    expect(paramsOf({ ...draft, type: 'post.note' })).not.toHaveProperty('post_slug');
    expect(paramsOf(blankDraft({ text: 'x' }))).not.toHaveProperty('geo_description');

    const post = await publishDraft(draft);
    expect(post.geo).toEqual({
      description: 'Lisbon, by the river',
      latitude: 38.7223,
      longitude: -9.1393,
      altitude: 12,
    });
    expect(new URL(post.canonical_url).pathname).toBe('/notes/lisbon');

    edit(post);
    expect(composing()).toMatchObject({
      place: 'Lisbon, by the river',
      latitude: '38.7223',
      canonicalPath: '/notes/lisbon',
      editing: post.guid,
    });
  });

  it('an edit that empties the place and the address path removes them from the post', async () => {
    const post = await publishDraft(
      blankDraft({
        text: 'Written outside',
        place: 'Lisbon',
        latitude: '38.7223',
        longitude: '-9.1393',
        altitude: '12',
        canonicalPath: '/notes/lisbon',
      }),
    );
    edit(post);
    const opened = composing();
    if (!opened) throw new Error('edit opened no draft');
    // Left as they were, the place and the path are sent again and stay.
    expect(updateParamsOf(opened)).toMatchObject({
      geo_description: 'Lisbon',
      geo_latitude: 38.7223,
      canonical_url: '/notes/lisbon',
    });

    const emptied = { ...opened, place: '', latitude: '', longitude: ' ', altitude: '', canonicalPath: '' };
    expect(updateParamsOf(emptied)).toMatchObject({
      geo_description: '',
      geo_latitude: null,
      geo_longitude: null,
      geo_altitude: null,
      canonical_url: null,
    });
    const edited = await publishDraft(emptied);
    expect(edited.geo).toBeNull();
    expect(new URL(edited.canonical_url).pathname).toBe(`/posts/${post.guid}`);
    // The path is free again for another post.
    const other = await publishDraft(blankDraft({ text: 'Another', canonicalPath: '/notes/lisbon' }));
    expect(new URL(other.canonical_url).pathname).toBe('/notes/lisbon');
  });

  it("an edit that empties an article's title removes it", async () => {
    const post = await publishDraft(
      blankDraft({ type: 'post.article', title: 'A title to drop', text: 'The article itself' }),
    );
    expect(post.title).toBe('A title to drop');
    edit(post);
    const opened = composing();
    if (!opened) throw new Error('edit opened no draft');
    const edited = await publishDraft({ ...opened, title: '  ' });
    expect(edited.title).toBeNull();
    expect(edited.text).toBe('The article itself');
  });

  it('reads drafts saved before these fields existed', () => {
    const {
      place: _p,
      latitude: _la,
      longitude: _lo,
      altitude: _al,
      canonicalPath: _c,
      slug: _s,
      ...old
    } = blankDraft({ text: 'old' });
    localStorage.setItem('desk.drafts.v1', JSON.stringify([old]));
    expect(readDrafts()).toEqual([expect.objectContaining({ text: 'old', place: '', slug: '' })]);
  });

  it('shows each refusal next to its field, the field marked invalid', async () => {
    const refused = await publishDraft(
      blankDraft({ text: 'x', latitude: '123', canonicalPath: 'notes/no-slash' }),
    ).catch((e: unknown) => e);
    expect(problemsByField(refused, 'post.note')).toEqual({
      latitude: ['The latitude must be between -90 and 90.'],
      canonical: [
        'Give a path that starts with /, such as /notes/hello: no domain, and no spaces, quotes or angle brackets.',
      ],
    });

    const draft = blankDraft({
      text: 'Somewhere odd',
      latitude: 'north',
      personaGuid: instance.personaGuid,
      channelGuid: instance.channelGuid,
    });
    useDrafts.getState().add(draft);
    const view = render(createElement(Composer, { draftId: draft.id, onDone: () => undefined }));
    await actSettled(() => view.getByRole('button', { name: 'Publish' }).click());
    const latitude = await waitFor(() => view.getByRole('textbox', { name: /^Latitude/ }));
    await waitFor(() => expect(latitude.getAttribute('aria-invalid')).toBe('true'));
    const problem = document.getElementById(latitude.getAttribute('aria-describedby') ?? '');
    expect(problem?.textContent).toBe('Give the latitude as a number, such as 38.72.');
    // Beside the field, and not part of its name.
    expect(latitude.closest('.field')?.contains(problem ?? null)).toBe(true);
    expect(latitude.closest('label')?.contains(problem ?? null)).toBe(false);
  });
  it('says a refusal for a field it does not show, or one it does not know, in a summary in plain words', async () => {
    const draft = blankDraft({ text: 'A note', personaGuid: instance.personaGuid, channelGuid: instance.channelGuid });
    useDrafts.getState().add(draft);
    // As a remote might refuse a note: a title it does not show, and a variable nobody here knows.
    const refusal = new RemoteError({
      kind: 'rejected',
      message: 'refused',
      method: 'POST',
      path: '/api/posts/write',
      status: 400,
      list: ['title must be at most 512 characters', 'mood_colour must be one of calm, loud'],
    });
    const view = render(createElement(Composer, { draftId: draft.id, onDone: () => undefined, refusal }));
    const summary = await waitFor(() => view.getByText('Not sent yet:').closest('.problem-summary'));
    expect([...(summary?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      'The title is too long: at most 512 characters.',
      'Mood colour must be one of calm, loud.',
    ]);
    expect(summary?.getAttribute('role')).toBe('alert');
    expect(view.getByRole('textbox', { name: 'Text (Markdown)' })).toHaveProperty('value', 'A note');
  });
});
