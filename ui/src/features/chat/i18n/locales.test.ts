import { describeLocaleParity } from '@/testing/locale-parity';

import en from './en.json';
import la from './la.json';
import th from './th.json';

describeLocaleParity('chat', { th, la, en });
