import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateReportInput,
  MyReports,
  Report,
  ReportableTarget,
} from '@common/schemas/moderation';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/reports: a signed-in member reports a board entry or a profile, once each. */
export const createReport = (body: CreateReportInput) =>
  api<Report>('/api/reports', { method: 'POST', body });

/** `reports` with `target` added (a sent report, or one the server says exists: 409). */
function withTarget(
  reports: MyReports | undefined,
  target: ReportableTarget,
): MyReports | undefined {
  if (!reports) return reports;
  if (target.kind === 'comment')
    return { ...reports, commentIds: [...(reports.commentIds ?? []), target.commentId] };
  return target.kind === 'workout'
    ? { ...reports, workoutIds: [...reports.workoutIds, target.workoutId] }
    : { ...reports, usernames: [...reports.usernames, target.username] };
}

export function useCreateReport({
  onSuccess,
  onError,
}: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  // The screen's Report buttons read the member's reports: this one now says "Reported".
  const remember = (target: ReportableTarget) => {
    queryClient.setQueryData<MyReports>(queryKeys.myReports, (old) => withTarget(old, target));
    void queryClient.invalidateQueries({ queryKey: queryKeys.myReports });
  };
  return useMutation({
    mutationFn: createReport,
    onSuccess: (_report, input) => {
      remember(input.target);
      onSuccess?.();
    },
    onError: (error, input) => {
      if (error instanceof ApiError && error.status === 409) remember(input.target);
      onError?.(error);
    },
  });
}
