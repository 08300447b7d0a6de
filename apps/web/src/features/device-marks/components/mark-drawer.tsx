import { App, Button, Divider, Drawer, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { markCreateBodySchema, markSaveBodySchema, type Mark } from '@sbuilding/shared';
import type { Point } from '@/components/plan-units';
import { useCreateMark } from '../api/create-mark';
import { useDeleteMark } from '../api/delete-mark';
import { useSaveMark } from '../api/save-mark';
import { MarkBinding } from './mark-binding';
import { MarkFields, NEW_MARK_VALUES, valuesOf, type MarkFormValues } from './mark-fields';

/** An existing mark, or a new one at a place on the plan. */
export type MarkTarget = { kind: 'edit'; mark: Mark } | { kind: 'new'; at: Point };

export interface MarkDrawerProps {
  target: MarkTarget | null;
  floorId: number;
  projectId: number;
  onClose: () => void;
  /** A new mark was created: the drawer goes on with it (to bind it). */
  onCreated: (mark: Mark) => void;
}

/** A mark's form, binding and deletion in a side drawer. */
export function MarkDrawer({ target, floorId, projectId, onClose, onCreated }: MarkDrawerProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<MarkFormValues>();
  const create = useCreateMark();
  const save = useSaveMark();
  const remove = useDeleteMark();
  const mark = target?.kind === 'edit' ? target.mark : null;
  const title = mark ? t('deviceMarks.editTitle', { name: mark.markName }) : t('deviceMarks.newTitle');

  const onFinish = async (values: MarkFormValues) => {
    try {
      if (mark) {
        const body = markSaveBodySchema.safeParse({
          ...values,
          x: mark.x,
          y: mark.y,
          deviceId: mark.deviceId,
          version: mark.version,
        });
        if (!body.success) return;
        await save.mutateAsync({ id: mark.id, body: body.data });
        message.success(t('deviceMarks.saved', { name: body.data.markName }));
      } else if (target?.kind === 'new') {
        const body = markCreateBodySchema.safeParse({ ...values, floorId, x: target.at[0], y: target.at[1] });
        if (!body.success) return;
        const created = await create.mutateAsync(body.data);
        message.success(t('deviceMarks.created', { name: created.markName }));
        onCreated(created);
      }
    } catch {
      // Shown by the request client (a 409 reloads the marks with their current versions).
    }
  };

  const confirmDelete = (m: Mark) => {
    modal.confirm({
      title: t('deviceMarks.deleteTitle', { name: m.markName }),
      content: t('deviceMarks.deleteConfirm'),
      okText: t('deviceMarks.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(m.id);
          message.success(t('deviceMarks.deleted', { name: m.markName }));
          onClose();
        } catch {
          // Shown by the request client.
        }
      },
    });
  };

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
      title={title}
      closable={{ 'aria-label': t('common.close') }}
      extra={
        mark ? (
          <Button danger onClick={() => confirmDelete(mark)}>
            {t('deviceMarks.delete')}
          </Button>
        ) : null
      }
    >
      {target ? (
        <Form<MarkFormValues>
          // A reloaded mark (new version after a save or a bind elsewhere) keeps what is being typed.
          key={mark ? `mark-${mark.id}` : 'new'}
          form={form}
          layout="vertical"
          name="mark-form"
          initialValues={mark ? valuesOf(mark) : NEW_MARK_VALUES}
          onFinish={onFinish}
        >
          <MarkFields />
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending || create.isPending}>
              {t('common.save')}
            </Button>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
          </Space>
        </Form>
      ) : null}
      {mark ? (
        <>
          <Divider />
          <MarkBinding mark={mark} projectId={projectId} />
        </>
      ) : null}
    </Drawer>
  );
}
