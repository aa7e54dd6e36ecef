// The plans' query keys: under one prefix, so any change to a plan refreshes them all.
export const planKeys = {
  all: ['plans'] as const,
  list: ['plans', 'list'] as const,
  one: (id: number) => ['plans', 'one', id] as const,
  today: ['plans', 'today'] as const,
};
