import { useCallback, useMemo } from 'react';
import { currentLanguage } from '@/lib/i18n';

const synth = (): SpeechSynthesis | undefined =>
  typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : undefined;

/** Whether the browser has a voice to speak with (voices can load late, so ask each time). */
export function hasVoice(): boolean {
  try {
    const s = synth();
    return !!s && typeof SpeechSynthesisUtterance !== 'undefined' && s.getVoices().length > 0;
  } catch {
    return false;
  }
}

/**
 * A voice of `lang` ("de" takes "de-DE"), where the browser has one: some browsers keep their
 * default voice whatever the utterance's lang says, and would read German with English sounds.
 */
function voiceFor(s: SpeechSynthesis, lang: string): SpeechSynthesisVoice | undefined {
  const base = lang.toLowerCase().split('-')[0]!;
  const voices = s.getVoices();
  const of = voices.filter((v) => v.lang.toLowerCase().replace('_', '-').split('-')[0] === base);
  return (
    of.find((v) => v.lang.toLowerCase() === lang.toLowerCase()) ??
    of.find((v) => v.default) ??
    of[0]
  );
}

/**
 * Spoken prompts through speechSynthesis. `prime()` speaks an empty utterance inside the Start tap,
 * which mobile Safari needs before it lets later, timer-driven prompts speak. The caller cancels
 * speech when it should stop (the run's owner knows whether the last prompt may finish).
 */
export function useSpeech() {
  const prime = useCallback(() => {
    try {
      const s = synth();
      if (!s || typeof SpeechSynthesisUtterance === 'undefined') return;
      s.getVoices(); // Starts loading voices where that is lazy (Chrome).
      const u = new SpeechSynthesisUtterance('');
      u.volume = 0;
      s.speak(u);
    } catch {
      // No speech: beeps carry the cues.
    }
  }, []);

  /** Speaks `text`, replacing anything still being said; returns false where there is no voice. */
  const speak = useCallback((text: string): boolean => {
    if (!hasVoice()) return false;
    try {
      const s = synth()!;
      s.cancel();
      const u = new SpeechSynthesisUtterance(text);
      // The page's language, so the words are said as written (docs/i18n.md).
      const lang = currentLanguage();
      u.lang = lang;
      const voice = voiceFor(s, lang);
      // Only a voice the browser made: an utterance refuses anything else, and would say nothing.
      if (typeof SpeechSynthesisVoice !== 'undefined' && voice instanceof SpeechSynthesisVoice)
        u.voice = voice;
      u.rate = 1.05;
      s.speak(u);
      return true;
    } catch {
      return false;
    }
  }, []);

  const cancel = useCallback(() => {
    try {
      synth()?.cancel();
    } catch {
      // Nothing to stop.
    }
  }, []);

  return useMemo(() => ({ prime, speak, cancel }), [prime, speak, cancel]);
}
