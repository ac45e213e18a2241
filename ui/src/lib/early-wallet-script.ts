import { storageKeys } from './storage-keys';

/**
 * The paths whose page shows the member's home: /user/home, and / and /user, which redirect
 * there. On these, earlyWalletScript starts GET /api/wallet.
 */
export const earlyWalletPaths = ['/', '/user', '/user/home'];

/**
 * earlyWalletScript is an inline script of every pre-rendered page (src/app/+html.tsx; the
 * server allows it by its hash). On the home paths, with a stored token, it starts
 * GET /api/wallet while the JavaScript bundles are still downloading, so that the home screen
 * (src/features/wallet/api/early-wallet.ts) shows the balances as soon as it renders instead of
 * after a call of its own. It keeps the promise in `window.__ngernWallet` and, once answered,
 * the data in `window.__ngernWalletData`; any failure leaves the data unset (the home's own
 * calls then decide, a 401 included).
 */
export const earlyWalletScript = `(function(){try{
var p=location.pathname.replace(/\\/+$/,'')||'/';
if(${JSON.stringify(earlyWalletPaths)}.indexOf(p)<0)return;
var k=${JSON.stringify(storageKeys.token)},t=sessionStorage.getItem(k)||localStorage.getItem(k);
if(!t)return;
window.__ngernWallet=fetch('/api/wallet',{headers:{Authorization:'Bearer '+t,'X-Ngern-Client':'wallet-user'},priority:'high'})
.then(function(r){return r.ok?r.json():null})
.then(function(d){if(d)window.__ngernWalletData=d;return d},function(){return null});
}catch(e){}})()`;
