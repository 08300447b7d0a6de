import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LOADING_BACKGROUND } from '@sbuilding/shared';
import { useLoadingVisible } from '@/lib/loading';

// Shown only while something loads (never on the login page's first paint): its code comes with it.
const Spin = lazy(() => import('antd/es/spin'));

/**
 * The reference-counted overlay (spec section 4): 30% black, the Chinese word for loading in both
 * languages (spec section 8). The status region is always mounted so screen readers announce it.
 */
export function GlobalLoading() {
  const { t } = useTranslation();
  const visible = useLoadingVisible();
  return (
    <div role="status" aria-live="polite" className="sb-global-loading-region">
      {visible && (
        <div className="sb-global-loading" style={{ background: LOADING_BACKGROUND }}>
          <Suspense fallback={null}>
            <Spin size="large" />
          </Suspense>
          <span lang="zh-CN" className="sb-global-loading-text">
            {t('app.loading')}
          </span>
        </div>
      )}
    </div>
  );
}
