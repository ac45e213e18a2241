// The parts of @tanstack/react-query the app uses, imported from their own modules. On the web,
// metro.config.js resolves the app's `import … from '@tanstack/react-query'` here: the package's
// index re-exports the whole query core with `export *`, which tree shaking cannot prune, so
// hydration, the infinite and parallel query observers and the suspense hooks all came along.
// A screen that needs another name adds it here; web-shims/web-shims.test.js fails until it does.
// Native builds and tests import the package as it is.
export { QueryClientProvider, useQueryClient } from '@tanstack/react-query/build/modern/QueryClientProvider.js';
export { useQuery } from '@tanstack/react-query/build/modern/useQuery.js';
export { useMutation } from '@tanstack/react-query/build/modern/useMutation.js';
export { useIsMutating } from '@tanstack/react-query/build/modern/useMutationState.js';
export { queryOptions } from '@tanstack/react-query/build/modern/queryOptions.js';
export { QueryClient } from '@tanstack/query-core/build/modern/queryClient.js';
export { notifyManager } from '@tanstack/query-core/build/modern/notifyManager.js';
export { keepPreviousData } from '@tanstack/query-core/build/modern/utils.js';
