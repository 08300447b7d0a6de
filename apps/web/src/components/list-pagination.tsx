import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGINATION } from '@sbuilding/shared';

/** Scrolls the window and the layout's content area to the top over `ms` (spec section 9: 800 ms). */
export function scrollToTop(ms: number = PAGINATION.scrollToTopMs): void {
  const targets: { get: () => number; set: (y: number) => void }[] = [
    { get: () => window.scrollY, set: (y) => window.scrollTo(0, y) },
  ];
  const content = document.getElementById('sb-main');
  if (content) targets.push({ get: () => content.scrollTop, set: (y) => (content.scrollTop = y) });
  const starts = targets.map((t) => t.get());
  if (starts.every((y) => y === 0)) return;
  const began = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - began) / ms);
    // easeInOutQuad, like the reference console's scrollTo.
    const eased = progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
    targets.forEach((t, i) => t.set((starts[i] ?? 0) * (1 - eased)));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** A list's paging state, sent as `pageNum`/`pageSize` in its filter body. */
export interface PageState {
  pageNum: number;
  pageSize: number;
}

/** Spec section 9: page 1, limit 20. */
export const FIRST_PAGE: PageState = { pageNum: PAGINATION.page, pageSize: PAGINATION.limit };

/**
 * Either the paging state as one object (`page` with a state setter as `onChange`), or its two numbers
 * with a two-argument `onChange`: lists use both styles.
 */
export type ListPaginationProps = { total: number } & (
  | { page: PageState; onChange: (page: PageState) => void; pageNum?: never; pageSize?: never }
  | { pageNum: number; pageSize: number; onChange: (pageNum: number, pageSize: number) => void; page?: never }
);

/**
 * The pager of every list (spec section 9): sizes 10/20/30/50, layout "total, sizes, prev, pager, next,
 * jumper", and a scroll to the top after paging. Hidden while the list is empty (the table says so).
 */
export function ListPagination(props: ListPaginationProps) {
  const { t } = useTranslation();
  const { total } = props;
  const { pageNum, pageSize } = props.page ?? props;
  const change = (next: PageState) => {
    if (props.page) props.onChange(next);
    else props.onChange(next.pageNum, next.pageSize);
  };
  if (total <= 0) return null;
  return (
    <nav aria-label={t('pagination.label')} className="sb-list-pagination">
      <Pagination
        total={total}
        current={pageNum}
        pageSize={pageSize}
        pageSizeOptions={PAGINATION.pageSizes.map(String)}
        showSizeChanger
        showQuickJumper
        showTotal={(count) => t('pagination.total', { count })}
        onChange={(nextNum, nextSize) => {
          // A new page size starts again from page 1, so the total stays meaningful.
          change({ pageNum: nextSize === pageSize ? nextNum : 1, pageSize: nextSize });
          scrollToTop();
        }}
      />
    </nav>
  );
}
