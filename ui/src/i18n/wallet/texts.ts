// The wallet's texts in th, la and en: a chunk of their own, loaded by ./load.ts.
import en from './en.json';
import la from './la.json';
import th from './th.json';

export default { th, la, en };
