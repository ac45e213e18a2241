// The only import of ./texts: a dynamic one, so that the texts are a chunk of their own. Jest cannot
// run dynamic imports: src/testing/setup.ts replaces this module with one that answers the texts.
export const loadWalletTexts = () => import('./texts');
