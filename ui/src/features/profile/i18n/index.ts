// The profile's texts (`profile.…`) come with the profile's chunk, not /login's first load.
import { addLazyTexts } from '@/i18n/lazy-texts';

import en from './en.json';
import la from './la.json';
import th from './th.json';

addLazyTexts({ th, la, en });
