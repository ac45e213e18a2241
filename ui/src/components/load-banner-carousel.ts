// The banner carousel is shared by the bonus page and the invite and cashback flows, so it comes by
// a dynamic import, a chunk of its own: a module that both imported statically would be hoisted into
// the shared chunk that every page, /login included, loads (docs/ui.md). This loader is a line in that
// shared chunk; the carousel is not. Jest cannot run dynamic imports: src/testing/setup.ts replaces
// this module with one that answers the carousel itself.
export const loadBannerCarousel = () => import('@/components/banner-carousel/banner-carousel').then((m) => ({ default: m.BannerCarousel }));
