import type * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_LIMIT, toast, useToasts } from './use-toast';

vi.mock('react', async (orig) => {
  const react = await orig<typeof React>();
  // Read the store synchronously outside a component.
  return { ...react, useSyncExternalStore: (_s: unknown, get: () => unknown) => get() };
});

describe('toast store', () => {
  it('shows at most one toast at a time, the newest', () => {
    expect(TOAST_LIMIT).toBe(1);
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });
    const shown = useToasts();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Second', variant: 'destructive', open: true });
  });
});
