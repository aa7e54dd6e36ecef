import { describe, expect, it } from 'vitest';
import { BoardCache } from './board-cache';

describe('BoardCache', () => {
  it('serves an entry until the next invalidation', () => {
    const c = new BoardCache();
    const g = c.begin();
    c.set('k', g, '[1]');
    expect(c.get('k')).toBe('[1]');
    c.invalidate();
    expect(c.get('k')).toBeUndefined();
  });

  it('never keeps a body whose read started before a write', () => {
    const c = new BoardCache();
    const g = c.begin();
    c.invalidate(); // a save committed while the board was being read
    c.set('k', g, '[stale]');
    expect(c.get('k')).toBeUndefined();
    const g2 = c.begin();
    c.set('k', g2, '[fresh]');
    expect(c.get('k')).toBe('[fresh]');
  });

  it('holds at most maxEntries, dropping the least recently used', () => {
    const c = new BoardCache({ maxEntries: 2 });
    const g = c.begin();
    c.set('a', g, 'A');
    c.set('b', g, 'B');
    expect(c.get('a')).toBe('A'); // a is now the most recent
    c.set('c', g, 'C');
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBe('A');
    expect(c.get('c')).toBe('C');
  });

  it('serves nothing while disabled, and starts empty when enabled again', () => {
    const c = new BoardCache();
    c.set('k', c.begin(), 'X');
    c.setEnabled(false);
    expect(c.get('k')).toBeUndefined();
    c.set('k', c.begin(), 'Y');
    c.setEnabled(true);
    expect(c.get('k')).toBeUndefined();
  });
});
