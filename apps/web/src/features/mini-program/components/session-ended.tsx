import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * In the mini-program the token comes from WeChat: when it has ended there is nothing to sign in with
 * here, so the person is told to open the mini-program again rather than shown the console's login page.
 */
export function SessionEnded() {
  const { t } = useTranslation();
  return (
    <main className="wx-page wx-ended">
      <Result status="info" title={t('wxProgram.endedTitle')} subTitle={t('wxProgram.endedText')} />
    </main>
  );
}
