import { opApi } from './client';

/** deleteCanned removes a canned reply; the editor reads the list again (useRefreshCanned). */
export function deleteCanned(id: string) {
  return opApi.delete<{ message: string }>(`/api/operator/chat/canned/${encodeURIComponent(id)}`);
}
