import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ThemeConfig } from 'antd';
import ConfigProvider from 'antd/es/config-provider';
import theme from 'antd/es/theme';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { UiSize } from '@sbuilding/shared';
import { FeedbackContext, useFeedbackHostWanted } from '@/lib/feedback';
import { useLocalizedLabels } from '@/lib/aria-labels';
import { antdLocale, currentLanguage, i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useReducedMotion } from '@/lib/reduced-motion';
import { useSettings } from '@/lib/settings';
import { darker, readableOnWhiteText } from './layout/contrast';

/**
 * The size selector's four steps (spec section 2) on antd's three component sizes: default is the
 * roomy 'large', medium antd's medium, small and mini both 'small', mini also with 12 px text.
 */
export const COMPONENT_SIZE: Record<UiSize, SizeType> = {
  default: 'large',
  medium: 'medium',
  small: 'small',
  mini: 'small',
};

/**
 * The theme colour goes through antd's tokens: nothing is fetched (the console works offline). It is
 * shaded just enough for white button labels and links to reach WCAG AA (the spec's #0082ff gives 3.9:1),
 * and the grey of descriptions and placeholders and the error red are darkened from antd's defaults for the
 * same reason. With `reducedMotion` (the system's "reduce motion" setting) antd's animations are off.
 */
export function themeFor(colorPrimary: string, size: UiSize, reducedMotion = false): ThemeConfig {
  const primary = readableOnWhiteText(colorPrimary);
  return {
    token: {
      motion: !reducedMotion,
      colorPrimary: primary,
      // antd lightens its hover and pressed shades, under AA for white labels (3.4:1): darken them instead.
      colorPrimaryHover: darker(primary, 0.85),
      colorPrimaryActive: darker(primary, 0.72),
      // Link buttons take colorLink, which antd derives from its own blue (4.1:1 on white), not the theme.
      colorLink: readableOnWhiteText(colorPrimary),
      colorTextDescription: 'rgba(0, 0, 0, 0.62)',
      colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
      // A select's placeholder ('Choose') is text that axe checks: antd's 0.25 grey gives 1.6:1.
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.62)',
      // antd's red (#ff4d4f) gives danger buttons and error text 3.3:1; red-7 reaches 5.9:1 (WCAG AA).
      colorError: '#cf1322',
      ...(size === 'mini' ? { fontSize: 12 } : {}),
    },
    components: {
      // antd's status and preset tags write their word in a colour on its own light tint: the status ones
      // (the invitations' "Used" tag, success: 2.1:1) and green, gold, orange, cyan, lime, volcano and yellow
      // fall below AA. The same hues' darker shades reach it (4.5:1 and more) on the same tints, for every tag.
      Tag: TAG_COLOURS,
    },
  };
}

/** Tag colours that reach WCAG AA on the tags' light tints (and carry white text when solid). */
export const TAG_COLOURS = {
  colorSuccess: '#237804',
  colorInfo: '#0958d9',
  colorWarning: '#ad4e00',
  colorError: '#a8071a',
  green7: '#237804',
  // gold-8: gold-7 (#ad6800) gives 4.25:1 on the gold tint, below AA (the work orders' New tag, issue 34's walk).
  gold7: '#874d00',
  orange7: '#ad4e00',
  cyan7: '#006d75',
  lime7: '#3f6600',
  volcano7: '#ad2102',
  yellow7: '#876800',
} as const;

// antd's App (message, notification, modal): only once a notice is asked for (lib/feedback.tsx).
const FeedbackHost = lazy(() => import('./feedback-host'));

/** The feedback host, mounted beside the page (never around it: the page keeps its state). */
function FeedbackHostSlot() {
  const wanted = useFeedbackHostWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}

/** The text colour, size and font of antd's theme for everything inside (what antd's App's div gave). */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      className="sb-base-text"
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

function ThemedProviders({ children }: { children: ReactNode }) {
  // Subscribing re-renders the antd locale when the language changes.
  const { t, i18n: current } = useTranslation();
  // What antd's locale does not reach (icons' and some controls' English labels), in the page's language.
  useLocalizedLabels(t, current.language);
  const colorPrimary = useSettings((s) => s.theme);
  const size = useSettings((s) => s.size);
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider
      locale={antdLocale(currentLanguage())}
      theme={themeFor(colorPrimary, size, reducedMotion)}
      componentSize={COMPONENT_SIZE[size]}
      // antd spaces out a two-character Chinese label ('设 置'): a screen reader then hears a name that does
      // not hold the visible text (axe: label-content-name-mismatch). Labels are spaced in the catalogue.
      button={{ autoInsertSpace: false }}
    >
      <FeedbackContext>
        <BaseText>{children}</BaseText>
        <FeedbackHostSlot />
      </FeedbackContext>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedProviders>{children}</ThemedProviders>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
