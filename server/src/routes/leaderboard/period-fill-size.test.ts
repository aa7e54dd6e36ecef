import { describe, expect, it } from 'vitest';
import { nextBatchSize } from './period-fill';

// Fill steps are sized to take about 15 ms each (docs/decisions/0073-first-board-of-a-period.md).
describe('the size of the next fill step', () => {
  it('shrinks after a slow step, in proportion', () => {
    expect(nextBatchSize(500, 60, 500)).toBe(125);
    expect(nextBatchSize(100, 30, 500)).toBe(50);
  });

  it('grows after a fast one, at most twice a step and never past the maximum', () => {
    expect(nextBatchSize(100, 5, 500)).toBe(200);
    expect(nextBatchSize(400, 1, 500)).toBe(500);
    expect(nextBatchSize(100, 0, 500)).toBe(200);
  });

  it('keeps a floor of 25 users (or the maximum, when it is lower)', () => {
    expect(nextBatchSize(30, 900, 500)).toBe(25);
    expect(nextBatchSize(4, 900, 4)).toBe(4);
  });
});
