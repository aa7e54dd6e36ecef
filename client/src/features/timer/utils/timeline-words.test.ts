import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/lib/i18n';
import { cueMessage, holdMessage, messageFor, spokenFor } from './timeline';

// The run's words follow the page's language, units and plurals included (docs/i18n.md).
describe('the run in German and Spanish', () => {
  afterAll(() => activateLanguage('en'));

  it('says the cues and times in German', async () => {
    await activateLanguage('de');
    expect(cueMessage(60)).toBe('Noch 1 Minute');
    expect(cueMessage(120)).toBe('Noch 2 Minuten');
    expect(cueMessage(30)).toBe('Noch 30 Sekunden');
    expect(holdMessage(150)).toBe('2 Minuten 30 Sekunden');
    expect(holdMessage(3601)).toBe('1 Stunde 1 Sekunde');
    expect(messageFor({ type: 'go', at: 0 })).toBe('Los!');
    expect(spokenFor({ type: 'cue', seconds: 10, at: 0 })).toBe('Noch 10 Sekunden! Gib alles!');
  });

  it('says the cues and times in Spanish', async () => {
    await activateLanguage('es');
    expect(cueMessage(60)).toBe('Queda 1 minuto');
    expect(holdMessage(90)).toBe('1 minuto y 30 segundos');
    expect(messageFor({ type: 'cue', seconds: 300, at: 0, elapsed: true })).toBe(
      'Llevas 5 minutos',
    );
    expect(spokenFor({ type: 'cue', seconds: 10, at: 0 })).toBe(
      '¡Quedan 10 segundos! ¡Dale con todo!',
    );
  });
});
