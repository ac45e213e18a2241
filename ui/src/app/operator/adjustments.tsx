import { lazyPage } from '@/features/operator/lazy';

export default lazyPage(() => import('@/features/operator/pages/adjustments'));
