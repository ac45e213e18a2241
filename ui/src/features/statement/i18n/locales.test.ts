import { describeLocaleParity } from '@/testing/locale-parity';

import en from './en.json';
import statementEn from './statement.en.json';
import statementLa from './statement.la.json';
import statementTh from './statement.th.json';
import la from './la.json';
import th from './th.json';

describeLocaleParity('withdrawal progress', { th, la, en });
describeLocaleParity('statement', { th: statementTh, la: statementLa, en: statementEn });
