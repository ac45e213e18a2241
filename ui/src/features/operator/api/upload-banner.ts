import type { components } from '@/lib/api-schema.generated';
import { useMutation } from '@tanstack/react-query';

import { type Answer, opApi } from './client';

/** OpBanner is one banner of a bonus or a rewards program: a picture and its html, for one language or all. */
export type OpBanner = components['schemas']['Banner'];

/** uploadBanner sends a picture to the object store and answers its link (docs/api.md). */
export function uploadBanner(file: Blob, name = 'banner'): Promise<{ image: string }> {
  const form = new FormData();
  form.append('file', file, name);
  return opApi.post<Answer<'/api/operator/banners', 'post'>>('/api/operator/banners', form, { upload: true });
}

/** useUploadBanner uploads a chosen file; onUploaded gets the picture's link. */
export function useUploadBanner(onUploaded: (image: string) => void) {
  return useMutation({ mutationFn: (file: File) => uploadBanner(file, file.name), onSuccess: ({ image }) => onUploaded(image) });
}
