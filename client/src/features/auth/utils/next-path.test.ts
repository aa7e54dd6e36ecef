import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { nextFromSearch, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it.each([
    ['/90second/timer?beat=30&from=alex', '/90second/timer?beat=30&from=alex'],
    ['/90second/log-workout', '/90second/log-workout'],
    ['/profile#top', '/profile#top'],
    ['/a/../profile', '/profile'],
    ['/users/a:b', '/users/a:b'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    '//evil.example',
    '//evil.example/90second/timer',
    'https://evil.example',
    'https://evil.example/90second/timer',
    'javascript:alert(1)',
    'data:text/html,hi',
    'evil.example',
    '90second/timer',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /90second',
    '/auth',
    '/auth?next=/profile',
    `/${'a'.repeat(2048)}`,
  ])('refuses %j and gives /', (raw) => {
    expect(safeNextPath(raw)).toBe('/');
  });

  it('reads the value back from the link paths.auth builds', () => {
    const target = '/90second/timer?beat=30&from=alex';
    const href = paths.auth.getHref(target);
    expect(href).toBe('/auth?next=%2F90second%2Ftimer%3Fbeat%3D30%26from%3Dalex');
    expect(nextFromSearch(href.split('?')[1]!)).toBe(target);
    expect(nextFromSearch('?next=%2F%2Fevil.example')).toBe('/');
    expect(nextFromSearch('')).toBe('/');
    expect(paths.auth.getHref()).toBe('/auth');
    expect(paths.auth.getHref('/')).toBe('/auth');
  });
});
