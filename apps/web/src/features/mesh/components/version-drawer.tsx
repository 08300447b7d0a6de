import { App, Button, Descriptions, Drawer, Form, Input, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import { meshSaveBodySchema, type MeshVersionDetail } from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';
import { useMeshVersion } from '../api/get-version';
import { useSaveMeshVersion } from '../api/save-version';
import { ChangeList } from './change-list';

function DescriptionForm({ version }: { version: MeshVersionDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveMeshVersion();
  const onFinish = async ({ description }: { description: string }) => {
    try {
      await save.mutateAsync({ id: version.id, description: description.trim() });
      message.success(t('mesh.saved', { version: version.version }));
    } catch {
      // Shown by the request client.
    }
  };
  return (
    <Form
      layout="vertical"
      name="mesh-description"
      initialValues={{ description: version.description }}
      onFinish={onFinish}
    >
      <Form.Item label={t('fields.description')} {...zodField(meshSaveBodySchema, 'description')}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('mesh.saveDescription')}
      </Button>
    </Form>
  );
}

/** One version: who made it and when, its description (editable), its log and what it changed. */
export function VersionDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const detail = useMeshVersion(id);
  const version = detail.data;
  const title = version ? t('mesh.detailTitle', { version: version.version }) : t('mesh.details');
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
      closable={{ 'aria-label': t('common.close') }}
      title={title}
    >
      {detail.isLoading ? (
        <div role="status">
          <Spin />
          <span className="sb-visually-hidden">{t('mesh.loading')}</span>
        </div>
      ) : version ? (
        <>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('mesh.version')}>{`v${version.version}`}</Descriptions.Item>
            <Descriptions.Item label={times.titled(t('fields.createTime'))}>
              {times.format(version.createTime)}
            </Descriptions.Item>
            <Descriptions.Item label={t('mesh.createdBy')}>{version.createdBy}</Descriptions.Item>
          </Descriptions>
          {/* Keyed by the saved text, so the form shows what the server now holds. */}
          <DescriptionForm key={version.description} version={version} />
          <Typography.Title level={3}>{t('mesh.changes')}</Typography.Title>
          <ChangeList changes={version.changes} />
          <Typography.Title level={3}>{t('mesh.log')}</Typography.Title>
          <pre className="sb-mesh-log">{version.log || t('mesh.none')}</pre>
        </>
      ) : null}
    </Drawer>
  );
}
