import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import {
  endAt,
  eventsBetween,
  eventsToPlay,
  nextWakeAt,
  viewAt,
  type RunPlan,
  type TimerEvent,
  type TimerView,
} from '../utils/timeline';

const clock = () => performance.now();

/**
 * Runs the ready countdown and the challenge's run (`plan`: a countdown, or a stopwatch; keep it
 * stable) from the Start tap. It sleeps with setTimeout until the next
 * moment the screen changes (a whole second, a cue, the exact end), and on each wake computes the
 * state from the clock, so a throttled or hidden tab is right again as soon as it wakes.
 */
export function useTimerRun(
  plan: RunPlan,
  onEvent: (event: TimerEvent) => void,
  resumeT0: number | null = null,
) {
  // A resumed run (after a reload) goes on from its own t0; what it missed meanwhile is not played.
  const [t0, setT0] = useState<number | null>(resumeT0);
  const [mountedAt] = useState(() => (resumeT0 === null ? 0 : clock()));
  const [now, setNow] = useState(mountedAt);
  // (Never past the deadline: the end must still fire if it came between the reload and now.)
  const lastTick = useRef(resumeT0 === null ? 0 : Math.min(mountedAt, endAt(plan, resumeT0) - 1));
  const emit = useEffectEvent((events: TimerEvent[]) => {
    for (const e of eventsToPlay(events)) onEvent(e);
  });

  const start = useCallback(() => {
    const t = clock();
    lastTick.current = t;
    setT0(t);
    setNow(t);
    // The first ready beep plays inside the tap itself.
    onEvent(eventsBetween(plan, t, t - 1, t)[0]!);
    return t;
  }, [plan, onEvent]);

  const cancel = useCallback(() => setT0(null), []);

  useEffect(() => {
    if (t0 === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      clearTimeout(timer);
      const n = clock();
      const due = eventsBetween(plan, t0, lastTick.current, n);
      lastTick.current = n;
      setNow(n);
      emit(due);
      const next = nextWakeAt(plan, t0, n);
      if (next !== null) timer = setTimeout(tick, Math.max(0, next - clock()));
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') tick();
    };
    timer = setTimeout(tick, Math.max(0, (nextWakeAt(plan, t0, clock()) ?? 0) - clock()));
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [plan, t0]);

  const view: TimerView | null = t0 === null ? null : viewAt(plan, t0, now);
  return { t0, now, view, start, cancel };
}

/** The t0 (performance.now() time) of a run started at the wall-clock time `startedAt`. */
export function t0FromWallClock(startedAt: number): number {
  return clock() - (Date.now() - startedAt);
}
