import { type Answer, opApi } from './client';

/** deleteCanned removes a canned reply; the editor reads the list again (useRefreshCanned). */
export function deleteCanned(id: string) {
  return opApi.delete<Answer<'/api/operator/chat/canned/{id}', 'delete'>>(`/api/operator/chat/canned/${encodeURIComponent(id)}`);
}
