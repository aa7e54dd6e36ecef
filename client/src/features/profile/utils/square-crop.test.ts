import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_PX } from '@common/constants';
import { squareCrop } from './square-crop';

describe('squareCrop', () => {
  it('takes the centre square of a landscape frame and scales it to 512 px', () => {
    expect(squareCrop(1280, 720, AVATAR_MAX_PX)).toEqual({ sx: 280, sy: 0, side: 720, out: 512 });
  });
  it('handles portrait frames', () => {
    expect(squareCrop(720, 1280, AVATAR_MAX_PX)).toEqual({ sx: 0, sy: 280, side: 720, out: 512 });
  });
  it('never scales a small frame up', () => {
    expect(squareCrop(320, 240, AVATAR_MAX_PX)).toEqual({ sx: 40, sy: 0, side: 240, out: 240 });
  });
});
