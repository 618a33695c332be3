import { expect } from 'vitest';
import { api } from './desk-page';

/** How many posts a long timeline holds in these tests: older pages load as the end comes near. */
export const POSTS = 150;

/** `Numbered post 1.` to `Numbered post 150.`, written through the API, of four heights. */
export async function writeNumberedPosts(base: string, token: string): Promise<void> {
  for (let i = 1; i <= POSTS; i++) {
    const content = `Numbered post ${i}.\n\n${'Some words to give the post a height of its own. '.repeat((i % 4) * 3)}`;
    const answer = await api(base, token, 'POST', '/api/posts/write', { content, post_type: 'post.note' });
    expect(answer.status).toBe(200);
  }
}
