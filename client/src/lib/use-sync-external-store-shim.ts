// wouter imports use-sync-external-store's shim, a copy of the hook for React before 18 that, on
// React 19, only hands back React's own. The build points the shim here (vite.config.ts), so the
// first script carries React's hook alone (docs/decisions/0061-js-budget-on-root.md).
export { useSyncExternalStore } from 'react';
