import { useCallback, useMemo } from 'react';

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
