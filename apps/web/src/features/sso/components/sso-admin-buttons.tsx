import { useState } from 'react';
import { Button, Flex } from 'antd';
import { KeyOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { InvitationsDrawer } from './invitations-drawer';
import { ProvidersDrawer } from './providers-drawer';

/** The users page's entries to invitations and identity providers (tbAdmin and admin). */
export function SsoAdminButtons() {
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.roles.includes('admin'));
  const mayManage = useCan('users:write');
  const [open, setOpen] = useState<'invitations' | 'providers' | null>(null);
  if (!mayManage) return null;
  return (
    <Flex gap="small" wrap>
      <Button icon={<UserAddOutlined aria-hidden />} onClick={() => setOpen('invitations')}>
        {t('sso.invitationsTitle')}
      </Button>
      <Button icon={<KeyOutlined aria-hidden />} onClick={() => setOpen('providers')}>
        {t('sso.providersTitle')}
      </Button>
      {open === 'invitations' && <InvitationsDrawer isAdmin={isAdmin} onClose={() => setOpen(null)} />}
      {open === 'providers' && <ProvidersDrawer isAdmin={isAdmin} onClose={() => setOpen(null)} />}
    </Flex>
  );
}
