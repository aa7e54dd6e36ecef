// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { holdBack, installBackGuard } from './back-guard';

describe('back guard (popstate, for browsers without the Navigation API)', () => {
  it('runs before listeners added later, puts the address back, stops the event and asks', () => {
    installBackGuard();
    // The router, subscribed after start-up.
    const router = vi.fn();
    window.addEventListener('popstate', router);
    history.pushState(null, '', '/90second');
    history.pushState(null, '', '/90second/timer');
    const onBack = vi.fn();
    const release = holdBack('/90second/timer', onBack);

    // Back: the address is the previous page's when popstate fires.
    history.replaceState(null, '', '/90second');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(location.pathname).toBe('/90second/timer');
    expect(router).not.toHaveBeenCalled();

    // Released (Discard, or the set saved): Back reaches the router again.
    release();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(router).toHaveBeenCalledTimes(1);
    window.removeEventListener('popstate', router);
  });

  it('a stale release does not drop a newer hold', () => {
    const first = vi.fn();
    const second = vi.fn();
    const releaseFirst = holdBack('/a', first);
    const releaseSecond = holdBack('/b', second);
    releaseFirst();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    expect(location.pathname).toBe('/b');
    releaseSecond();
  });
});
