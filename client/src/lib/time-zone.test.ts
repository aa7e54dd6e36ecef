import { afterEach, describe, expect, it, vi } from 'vitest';
import { viewerTimeZone } from './time-zone';

afterEach(() => vi.unstubAllGlobals());

describe('viewerTimeZone', () => {
  it('takes Temporal’s zone when there is one', () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Europe/Paris' } });
    expect(viewerTimeZone()).toBe('Europe/Paris');
  });

  it('falls back to Intl without Temporal, or when it throws', () => {
    const intl = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    vi.stubGlobal('Temporal', undefined);
    expect(viewerTimeZone()).toBe(intl);
    vi.stubGlobal('Temporal', {
      Now: {
        timeZoneId: () => {
          throw new RangeError('no zone');
        },
      },
    });
    expect(viewerTimeZone()).toBe(intl);
  });
});
