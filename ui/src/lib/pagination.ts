import { pagesAfter, pagesBefore } from './config';

/** pageCount is the number of pages for total items, at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/**
 * pageWindow lists the page numbers shown around the current page: up to `before` pages before
 * it and `after` pages after it (spec part 9: 3 before, 1 after), within 1..pages.
 */
export function pageWindow(current: number, pages: number, before = pagesBefore, after = pagesAfter): number[] {
  const last = Math.max(1, pages);
  const page = Math.min(Math.max(1, current), last);
  const out: number[] = [];
  for (let p = Math.max(1, page - before); p <= Math.min(last, page + after); p++) out.push(p);
  return out;
}
