import { apiBaseUrl } from '@/lib/config';
import { getOperatorToken } from '@/lib/operator-token';

/** fetchMediaBlob reads a chat file with the operator token (media is not public). */
export async function fetchMediaBlob(path: string): Promise<Blob> {
  const token = getOperatorToken();
  const res = await fetch(`${apiBaseUrl}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(String(res.status));
  return res.blob();
}
