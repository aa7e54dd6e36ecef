import { useQuery } from '@tanstack/react-query';
import type { MyReports, ReportableTarget } from '@common/schemas/moderation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/reports/mine: the entries and profiles the signed-in member has reported. */
export const getMyReports = (signal?: AbortSignal) =>
  api<MyReports>('/api/reports/mine', { signal });

/** Whether `reports` holds `target` (a profile by its name, without regard to case). */
export function hasReported(reports: MyReports | undefined, target: ReportableTarget): boolean {
  if (!reports) return false;
  if (target.kind === 'workout') return reports.workoutIds.includes(target.workoutId);
  if (target.kind === 'comment') return (reports.commentIds ?? []).includes(target.commentId);
  const name = target.username.toLowerCase();
  return reports.usernames.some((u) => u.toLowerCase() === name);
}

/** One request for every Report button on the screen (they share the key). Members only. */
export function useMyReports() {
  return useQuery({ queryKey: queryKeys.myReports, queryFn: ({ signal }) => getMyReports(signal) });
}
