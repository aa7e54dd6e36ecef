import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLog } from '@common/schemas/moderation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How many lines of the log the screen shows (the newest). */
export const AUDIT_LOG_SHOWN = 100;

/** GET /api/moderation/log: every moderator's actions, newest first. */
export const getAuditLog = (signal?: AbortSignal) =>
  api<AuditLog>(`/api/moderation/log?limit=${AUDIT_LOG_SHOWN}`, { signal });

export const auditLogQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.moderation, 'log'] as const,
    queryFn: ({ signal }) => getAuditLog(signal),
  });

export function useAuditLog({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...auditLogQueryOptions(), enabled });
}
