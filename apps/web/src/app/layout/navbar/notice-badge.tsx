import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '@/lib/session';

/** Alert page the badge leads to: the count it shows is of reports awaiting attention there. */
const ALERT_PATH = '/board/alarm';

/** The report count from the socket's auth and report replies (spec section 6). */
export function NoticeBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = useSession((s) => s.reportCount);
  return (
    <Badge count={count} size="small" offset={[-6, 6]}>
      <Button
        type="text"
        className="sb-navbar-button"
        icon={<BellOutlined />}
        aria-label={t('navbar.notifications', { count })}
        onClick={() => navigate(ALERT_PATH)}
      />
    </Badge>
  );
}
