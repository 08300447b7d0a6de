import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface CaptchaImageProps {
  img: string | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
}

/** The captcha picture as a real button: a click (or Enter) shows another one. */
export function CaptchaImage({ img, loading, failed, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation();
  if (failed && !loading) {
    return (
      <Button className="sb-captcha" icon={<ReloadOutlined />} onClick={onRefresh}>
        {t('login.captchaFailed')}
      </Button>
    );
  }
  return (
    <button
      type="button"
      className="sb-captcha"
      onClick={onRefresh}
      title={t('login.refreshCaptcha')}
      aria-label={t('login.refreshCaptcha')}
      aria-busy={loading}
    >
      {loading || !img ? <Spin size="small" /> : <img src={img} alt={t('login.captchaAlt')} />}
    </button>
  );
}
