// The parts of @tanstack/query-core that the react-query modules in tanstack-react-query.js
// import, from their own modules. On the web, metro.config.js resolves those modules'
// `import … from '@tanstack/query-core'` here: the core's index imports every module it
// re-exports (hydration, the infinite and parallel query observers, streamed queries…), which
// tree shaking does not prune. web-shims/web-shims.test.js checks that the names match.
export { QueryObserver } from '@tanstack/query-core/build/modern/queryObserver.js';
export { MutationObserver } from '@tanstack/query-core/build/modern/mutationObserver.js';
export { notifyManager } from '@tanstack/query-core/build/modern/notifyManager.js';
export { noop, replaceEqualDeep, shouldThrowError } from '@tanstack/query-core/build/modern/utils.js';
