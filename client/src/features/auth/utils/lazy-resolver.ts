import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver loaded on the form's first validation (its submit), not before the screen's
 * first paint: the sign-in screen's zod schemas bring zod, a large share of the JS that /auth
 * loaded before it painted (npm run bench:web, docs/benchmarks.md) (docs/decisions/0133-auth-validation-loaded-on-submit.md).
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((err: unknown) => {
      // A failed load (offline, a new deploy) is tried again on the next submit.
      loading = undefined;
      throw err;
    });
    return (await loading)(values, context, options);
  };
}
