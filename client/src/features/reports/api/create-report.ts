import { useMutation } from '@tanstack/react-query';
import type { CreateReportInput, Report } from '@common/schemas/moderation';
import { api } from '@/lib/api-client';

/** POST /api/reports: a signed-in member reports a board entry or a profile, once each. */
export const createReport = (body: CreateReportInput) =>
  api<Report>('/api/reports', { method: 'POST', body });

export function useCreateReport({
  onSuccess,
  onError,
}: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: createReport, onSuccess, onError });
}
