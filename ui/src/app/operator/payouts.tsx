import { consolePage } from '@/features/operator/lazy';

export default consolePage('PayoutsPage');
