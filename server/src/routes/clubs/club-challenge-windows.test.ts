import { describe, expect, it } from 'vitest';
import { resultsAt, statusOf, todayIn, windowIn } from './club-challenge-windows';

// Each member's own days (docs/decisions/0259-club-challenge-days.md), on the clocks' changes too.

describe("a member's window", () => {
  it('runs from their midnight of the first day to their midnight after the last', () => {
    const at = (w: { start: Date; end: Date }) => [w.start.toISOString(), w.end.toISOString()];
    expect(at(windowIn('2026-06-01', '2026-06-07', null))).toEqual([
      '2026-06-01T00:00:00.000Z',
      '2026-06-08T00:00:00.000Z',
    ]);
    expect(at(windowIn('2026-06-01', '2026-06-07', 'Asia/Tokyo'))).toEqual([
      '2026-05-31T15:00:00.000Z',
      '2026-06-07T15:00:00.000Z',
    ]);
    // Paris leaves summer time on 25 October: the last day has 25 hours.
    expect(at(windowIn('2026-10-20', '2026-10-25', 'Europe/Paris'))).toEqual([
      '2026-10-19T22:00:00.000Z',
      '2026-10-25T23:00:00.000Z',
    ]);
    // A one-day challenge, and a zone the runtime does not know (UTC).
    expect(at(windowIn('2026-06-01', '2026-06-01', 'Mars/Olympus_Mons'))).toEqual([
      '2026-06-01T00:00:00.000Z',
      '2026-06-02T00:00:00.000Z',
    ]);
  });

  it("is upcoming or current by the viewer's days, ended when the last zone's last day is over", () => {
    const c = { startDate: '2026-06-01', endDate: '2026-06-07' };
    expect(resultsAt(c.endDate).toISOString()).toBe('2026-06-08T12:00:00.000Z');
    const at = (iso: string, tz: string | null) => statusOf(c, tz, new Date(iso)).status;
    expect(at('2026-05-31T16:00:00Z', 'Asia/Tokyo')).toBe('current');
    expect(at('2026-05-31T16:00:00Z', null)).toBe('upcoming');
    expect(at('2026-06-08T11:59:59Z', 'Asia/Tokyo')).toBe('current');
    expect(at('2026-06-08T12:00:00Z', 'America/Los_Angeles')).toBe('ended');
    expect(todayIn('Pacific/Auckland', new Date('2026-06-17T15:00:00Z'))).toBe('2026-06-18');
  });
});
