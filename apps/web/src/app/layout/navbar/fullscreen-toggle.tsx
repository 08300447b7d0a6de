import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, message } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Full-screen on and off through the Fullscreen API; browsers without it get the spec's warning. */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const [messageApi, contextHolder] = message.useMessage();
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    // Esc or the browser's own control leaves full screen without our button: follow the document.
    const onChange = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = async () => {
    if (!document.fullscreenEnabled || typeof document.documentElement.requestFullscreen !== 'function') {
      void messageApi.warning(t('navbar.fullscreenUnsupported'));
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      void messageApi.warning(t('navbar.fullscreenUnsupported'));
    }
  };

  return (
    <>
      {contextHolder}
      <Button
        type="text"
        className="sb-navbar-button"
        icon={active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        aria-label={t('navbar.fullscreen')}
        aria-pressed={active}
        onClick={() => void toggle()}
      />
    </>
  );
}
