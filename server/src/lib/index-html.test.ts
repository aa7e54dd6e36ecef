import { describe, expect, it } from 'vitest';
import { SAMPLE_INDEX_HTML, SAMPLE_ROUTE_PRELOADS } from '../test/route-preloads';
import { indexHtmlByPath } from './index-html';

const indexHtml = Buffer.from(SAMPLE_INDEX_HTML);
const htmlFor = indexHtmlByPath(indexHtml, SAMPLE_ROUTE_PRELOADS);
const link = (f: string) =>
  `<link rel="modulepreload" fetchpriority="low" crossorigin href="${f}">`;

describe('indexHtmlByPath', () => {
  it.each([
    ['/leaderboard', ['/assets/query-a1.js', '/assets/leaderboard-b2.js']],
    ['/90second/leaderboard/', ['/assets/query-a1.js', '/assets/leaderboard-b2.js']],
    ['/LeaderBoard', ['/assets/query-a1.js', '/assets/leaderboard-b2.js']],
    ['/users/Ann.B', ['/assets/query-a1.js', '/assets/public-profile-c3.js']],
    ['/90second/users/ann', ['/assets/query-a1.js', '/assets/public-profile-c3.js']],
    // The first route that matches wins, as in the router.
    ['/profile/settings', ['/assets/profile-settings-d4.js']],
    ['/profile/pushup-90', ['/assets/challenge-stats-e5.js']],
    ['/users/ann/extra', ['/assets/not-found-f6.js']],
    ['/leaderboards', ['/assets/not-found-f6.js']],
  ])('%s: the links at the end of <head>', (pathname, files) => {
    expect(htmlFor(pathname).toString()).toBe(
      `<!doctype html><html><head><title>FitBench</title>${files.map(link).join('')}</head><body></body></html>`,
    );
  });

  it('serves index.html as it is where there is nothing to preload, or no preloads file', () => {
    expect(htmlFor('/')).toBe(indexHtml);
    expect(htmlFor('/challenges/')).toBe(indexHtml);
    expect(indexHtmlByPath(indexHtml, undefined)('/leaderboard')).toBe(indexHtml);
  });

  it('builds each page once, not per request', () => {
    expect(htmlFor('/leaderboard')).toBe(htmlFor('/90second/leaderboard'));
  });
});
