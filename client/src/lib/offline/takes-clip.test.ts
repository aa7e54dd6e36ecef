import { describe, expect, it } from 'vitest';
import { takesClip } from './clips';

// A camera-counted save is not verified until its clip is recounted: the clip must still go.
describe('takesClip', () => {
  it('sends the clip of a camera-counted save, not of one whose trace was refused', () => {
    expect(takesClip({ verified: false })).toBe(true);
    expect(takesClip({ verified: true })).toBe(true);
    expect(takesClip({ verified: false, verificationNote: 'The camera counted 3' })).toBe(false);
    expect(takesClip({ verified: false, tier: 'camera-counted' })).toBe(true);
    expect(takesClip({ verified: false, tier: 'entered' })).toBe(false);
  });
});
