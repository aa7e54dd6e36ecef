import { useCallback, useEffect, useMemo, useRef } from 'react';

type AudioContextCtor = typeof AudioContext;

function audioContextCtor(): AudioContextCtor | undefined {
  const w = window as typeof window & { webkitAudioContext?: AudioContextCtor };
  return w.AudioContext ?? w.webkitAudioContext;
}

/**
 * Short Web Audio beeps. The context is made by `prime()`, which must run inside a user gesture
 * (the Start tap) for browsers to let it play. Where Web Audio is missing or refuses, beeps are
 * silent no-ops: the timer works without sound.
 */
export function useBeep() {
  const ctx = useRef<AudioContext | null>(null);

  const prime = useCallback(() => {
    try {
      if (!ctx.current) {
        const Ctor = audioContextCtor();
        if (!Ctor) return;
        ctx.current = new Ctor();
      }
      if (ctx.current.state === 'suspended') ctx.current.resume().catch(() => undefined);
    } catch {
      ctx.current = null;
    }
  }, []);

  const beep = useCallback((frequency = 880, durationMs = 180) => {
    const ac = ctx.current;
    if (!ac || ac.state === 'closed') return;
    try {
      const start = ac.currentTime;
      const end = start + durationMs / 1000;
      const osc = ac.createOscillator();
      const gain = ac.createGain();
      osc.type = 'sine';
      osc.frequency.setValueAtTime(frequency, start);
      // A quick fade in and out: no clicks.
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.4, start + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, end);
      osc.connect(gain).connect(ac.destination);
      osc.start(start);
      osc.stop(end + 0.02);
    } catch {
      // A broken audio stack must not break the timer.
    }
  }, []);

  // Closed a moment after unmount, so the end tone (played just before the screen changes) finishes.
  useEffect(
    () => () => {
      const ac = ctx.current;
      ctx.current = null;
      if (ac) setTimeout(() => ac.close().catch(() => undefined), 1500);
    },
    [],
  );

  return useMemo(() => ({ prime, beep }), [prime, beep]);
}
