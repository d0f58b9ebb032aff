import {
  catalogueFilePaths,
  type TCatalogueKind,
  type TImportApplyResponse,
  type TImportPreviewResponse,
} from '@campus/shared/domain/catalogue-import-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostForm } from '@/lib/api-client';
import { CATALOGUE_QUERY_KEY } from '@/stores/campus-selection';
import { adminKeys } from './admin-client';

/** The menu of a restaurant, or the mart of a campus, that a file is imported into. */
export type TImportTarget =
  | { kind: 'menu'; restaurantId: string }
  | { kind: 'mart'; universityId: string; campusId: string };

/** The query string that names the target (the api checks the person may manage it). */
function targetQuery(target: TImportTarget): string {
  const params: Record<string, string> =
    target.kind === 'menu'
      ? { restaurantId: target.restaurantId }
      : { universityId: target.universityId, campusId: target.campusId };
  return `?${new URLSearchParams(params)}`;
}

/** The addresses of a kind's template and of the target's export, as links to download. */
export function downloadLinks(target: TImportTarget) {
  const paths = catalogueFilePaths(target.kind);
  const query = targetQuery(target);
  return {
    templateXlsx: paths.template('xlsx'),
    templateCsv: paths.template('csv'),
    exportXlsx: `${paths.export('xlsx')}${query}`,
    exportCsv: `${paths.export('csv')}${query}`,
  };
}

function upload<T>(
  kind: TCatalogueKind,
  step: 'preview' | 'apply',
  target: TImportTarget,
  file: File,
  token?: string,
) {
  const form = new FormData();
  form.set('file', file, file.name);
  if (token) form.set('token', token);
  return apiPostForm<T>(`${catalogueFilePaths(kind)[step]}${targetQuery(target)}`, form);
}

/** Asks the api what a file would change; nothing is written. */
export const previewImport = (target: TImportTarget, file: File) =>
  upload<TImportPreviewResponse>(target.kind, 'preview', target, file);

/** Applies the file as previewed (the token); the lists and the storefront reload. */
export function useApplyImport(target: TImportTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, token }: { file: File; token: string }) =>
      upload<TImportApplyResponse>(target.kind, 'apply', target, file, token),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      await queryClient.invalidateQueries({ queryKey: [CATALOGUE_QUERY_KEY] });
    },
  });
}
