import type { TUploadResponse } from '@campus/shared/domain/uploads';
import { apiPostForm } from '@/lib/api-client';

/** An uploaded screenshot: the id an order refers to, and where it can be seen. */
export type TUpload = TUploadResponse['upload'];

/** Uploads a (compressed) payment screenshot as multipart form data. */
export async function uploadScreenshot(file: File): Promise<TUpload> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('purpose', 'screenshot');
  const answer = await apiPostForm<TUploadResponse>('/api/uploads', form);
  return answer.upload;
}
