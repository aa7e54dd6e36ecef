import { useCallback, useEffect, useRef } from 'react';
import { SPOKEN, TONES } from '../utils/run-sounds';
import type { TimerEvent } from '../utils/timeline';
import { useBeep } from './use-beep';
import { useSpeech } from './use-speech';

/**
 * A run's voice: a timeline event's tone and words, or a tone and any words, unless muted. Leaving
 * mid-run stops the voice; once `endedRef` is set, the last words may finish on the next screen.
 */
export function useRunVoice(muted: boolean) {
  const audio = useBeep();
  const speech = useSpeech();
  const endedRef = useRef(false);
  useEffect(
    () => () => {
      if (!endedRef.current) speech.cancel();
    },
    [speech],
  );
  /** The event's tone and, when it has any, its spoken words (utils/run-sounds.ts). */
  const cue = useCallback(
    (e: TimerEvent) => {
      if (muted) return;
      audio.beep(...TONES[e.type]);
      const words = SPOKEN[e.type];
      if (words) speech.speak(words(e));
    },
    [muted, audio, speech],
  );
  /** A tone, then the words. */
  const tell = useCallback(
    (text: string, tone: [number, number] = TONES.cue) => {
      if (muted) return;
      audio.beep(...tone);
      speech.speak(text);
    },
    [muted, audio, speech],
  );
  return { audio, speech, endedRef, cue, tell };
}
