// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { takeSignInCode } from '../../src-renderer/state/sign-in-link';

const CODE = 'Qx7_a-9ZkLmN0pQrStUvWxYz0123456789abcdefGhI';

describe('the code of a printed sign-in link', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it("is taken out of the address bar at once, and the link's /sign-in becomes Home", () => {
    history.replaceState(null, '', `/sign-in#code=${CODE}`);
    expect(takeSignInCode()).toBe(CODE);
    expect(location.href).toBe(`${location.origin}/`);
    expect(takeSignInCode()).toBeNull();
  });

  it('keeps the address of another screen, and leaves every other fragment alone', () => {
    history.replaceState(null, '', `/everything?x=1#code=${CODE}`);
    expect(takeSignInCode()).toBe(CODE);
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/everything?x=1');
    for (const fragment of [
      '#/posts/abc',
      '#code=',
      '#code=has spaces',
      `#code=${'a'.repeat(129)}`,
      `#x=1&code=${CODE}`,
    ]) {
      history.replaceState(null, '', `/${fragment}`);
      expect(takeSignInCode(), fragment).toBeNull();
      expect(location.hash).toBe(new URL(`http://x/${fragment}`).hash);
    }
  });
});
