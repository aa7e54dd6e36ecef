import { useCallback, useEffect, useState } from 'react';

/** A module loaded once, on demand, and kept: `peek` has it once `load` has resolved. */
export interface DeferredModule<T> {
  peek: () => T | undefined;
  load: () => Promise<T>;
}

export function deferredModule<T>(load: () => Promise<T>): DeferredModule<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    peek: () => value,
    load: () =>
      (pending ??= load().then(
        (v) => (value = v),
        (err: unknown) => {
          // A failed load (offline before the service worker had the file, a new deploy) is
          // tried again on the next call.
          pending = undefined;
          throw err;
        },
      )),
  };
}

/**
 * `module` once loaded, asked for while `wanted`. Not React.lazy: a Suspense boundary reveals its
 * content on a timer, which a page with a paused clock (the timer's tests) never runs; a state
 * update on the import's promise needs none (as app.tsx's DeferredToaster).
 * docs/decisions/0172-timer-finish-loaded-on-start.md
 */
export function useDeferredModule<T>(module: DeferredModule<T>, wanted: boolean) {
  const [, setLoaded] = useState(0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const value = module.peek();
  useEffect(() => {
    if (!wanted || value) return;
    let live = true;
    module.load().then(
      () => live && setLoaded((n) => n + 1),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [module, wanted, value, attempt]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);
  return { value, failed, retry };
}
