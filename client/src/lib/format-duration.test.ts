import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { messages as de } from '@/app/locales/de.po';
import { messages as es } from '@/app/locales/es.po';
import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  afterEach(() => i18n.activate('en'));

  it('writes English as "2 min 30 s"', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    expect(formatDuration(150)).toBe('2 min 30 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(120)).toBe('2 min');
    expect(formatDuration(3900)).toBe('1 h 5 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(0)).toBe('0 s');
  });

  it('writes German and Spanish units', () => {
    i18n.loadAndActivate({ locale: 'de', messages: de });
    expect(formatDuration(150)).toBe('2 Min. 30 Sek.');
    expect(formatDuration(45)).toBe('45 Sek.');
    expect(formatDuration(3900)).toBe('1 Std. 5 Min.');
    i18n.loadAndActivate({ locale: 'es', messages: es });
    expect(formatDuration(150)).toBe('2 min 30 s');
    expect(formatDuration(3600)).toBe('1 h');
  });
});
