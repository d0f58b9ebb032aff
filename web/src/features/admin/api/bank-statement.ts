import {
  STATEMENT_PATHS,
  type TStatementImportResponse,
  type TStatementMapping,
  type TStatementPreviewResponse,
} from '@campus/shared/domain/bank-statement';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostForm } from '@/lib/api-client';
import { adminKeys } from './admin-client';

/** The campus whose receiving account the statement is of. */
export type TStatementCampus = { universityId: string; campusId: string };

function upload<T>(
  path: string,
  campus: TStatementCampus,
  file: File,
  mapping: TStatementMapping | null,
) {
  const form = new FormData();
  form.set('file', file, file.name);
  if (mapping) form.set('mapping', JSON.stringify(mapping));
  return apiPostForm<T>(`${path}?${new URLSearchParams(campus)}`, form);
}

/** How the statement's rows read with these columns (the campus's last ones when none). */
export const previewStatement = (
  campus: TStatementCampus,
  file: File,
  mapping: TStatementMapping | null,
) => upload<TStatementPreviewResponse>(STATEMENT_PATHS.preview, campus, file, mapping);

/** Imports the statement's credits; the Payments queue reloads with what they matched. */
export function useImportStatement(campus: TStatementCampus) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: TStatementMapping }) =>
      upload<TStatementImportResponse>(STATEMENT_PATHS.import, campus, file, mapping),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orderQueues() }),
  });
}
