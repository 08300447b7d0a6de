import {
  Button,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Image,
  Input,
  List,
  Skeleton,
  Timeline,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  workOrderCommentBodySchema,
  type WorkOrderDetail,
  type WorkOrderHistoryEntry,
  type WorkOrderPhoto,
  type WorkOrderStatus,
} from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';
import { useProjectTime } from '@/lib/time';
import { DueCell, placeOf, PriorityTag, StatusTag, useWorkOrderTime } from './work-order-labels';

export interface WorkOrderDrawerProps {
  order: WorkOrderDetail | undefined;
  open: boolean;
  moving: boolean;
  commenting: boolean;
  /** Whether the caller may write work orders (comment); a display screen only reads. */
  canComment: boolean;
  onClose: () => void;
  /** A move the caller may make (the server's `transitions`). */
  onMove: (order: WorkOrderDetail, to: WorkOrderStatus) => void;
  /** Resolves once the comment is saved (the form then clears). */
  onComment: (order: WorkOrderDetail, text: string) => Promise<unknown>;
  /** On a phone the drawer takes the whole width. */
  fullWidth?: boolean;
}

function useEntryText() {
  const { t } = useTranslation();
  const format = useWorkOrderTime();
  return (entry: WorkOrderHistoryEntry): string => {
    const who = entry.userId === null ? entry.userName || t('workOrders.system') : entry.userName;
    const what =
      entry.event === 'status' && entry.fromStatus && entry.toStatus
        ? t('workOrders.events.statusFromTo', {
            from: t(`workOrders.statuses.${entry.fromStatus}`),
            to: t(`workOrders.statuses.${entry.toStatus}`),
          })
        : t(`workOrders.events.${entry.event}`);
    const changes = entry.changes.map((c) => `${c.field}: ${c.from || '-'} → ${c.to || '-'}`).join(', ');
    return [format(entry.at), who, what, entry.note, changes].filter(Boolean).join(' · ');
  };
}

/** Pictures of a report or a comment, small, each opening large (antd's preview, keyboard included). */
function Photos({ photos, of }: { photos: readonly WorkOrderPhoto[]; of: string }) {
  const { t } = useTranslation();
  if (photos.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Flex gap="small" wrap>
        {photos.map((photo, i) => (
          <Image
            key={photo.id}
            src={photo.url}
            width={96}
            alt={t('workOrders.photoOf', { of, n: i + 1, count: photos.length })}
          />
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}

/**
 * One work order: its fields with the reporter's pictures, the moves the caller may make, its history (oldest
 * first) and comments with theirs.
 */
export function WorkOrderDrawer({
  order,
  open,
  moving,
  commenting,
  canComment,
  onClose,
  onMove,
  onComment,
  fullWidth = false,
}: WorkOrderDrawerProps) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const format = useWorkOrderTime();
  const entryText = useEntryText();
  const [form] = Form.useForm<{ text: string }>();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={order?.title ?? t('workOrders.detail')}
      size={fullWidth ? '100%' : 'large'}
    >
      {!order ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap="middle">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('workOrders.columns.status')}>
              <StatusTag status={order.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('workOrders.columns.priority')}>
              <PriorityTag priority={order.priority} />
            </Descriptions.Item>
            <Descriptions.Item label={t('workOrders.columns.place')}>
              {placeOf(order) || '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('workOrders.description')}>
              <Flex vertical gap="small">
                {order.description || '-'}
                <Photos photos={order.photos} of={order.title} />
              </Flex>
            </Descriptions.Item>
            <Descriptions.Item label={t('workOrders.columns.assignee')}>
              {order.assigneeName || '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('workOrders.reporter')}>
              {order.reporterName || '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('workOrders.columns.source')}>
              {t(`workOrders.sources.${order.source}`)}
            </Descriptions.Item>
            <Descriptions.Item label={times.titled(t('workOrders.columns.due'))}>
              <DueCell order={order} />
            </Descriptions.Item>
            <Descriptions.Item label={times.titled(t('workOrders.resolvedAt'))}>
              {format(order.resolvedAt)}
            </Descriptions.Item>
            {order.alert && (
              <Descriptions.Item label={t('workOrders.alert')}>
                {`${order.alert.object} · ${t(`alarm.statuses.${order.alert.status}`)}`}
              </Descriptions.Item>
            )}
          </Descriptions>
          {order.transitions.length > 0 && (
            <Flex gap="small" wrap role="group" aria-label={t('workOrders.moves')}>
              {order.transitions.map((to) => (
                <Button key={to} loading={moving} onClick={() => onMove(order, to)}>
                  {t(`workOrders.moveTo.${to}`)}
                </Button>
              ))}
            </Flex>
          )}
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {t('workOrders.history')}
          </Typography.Title>
          <Timeline items={order.history.map((entry) => ({ key: entry.id, content: entryText(entry) }))} />
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {t('workOrders.comments')}
          </Typography.Title>
          <List
            size="small"
            locale={{ emptyText: t('workOrders.noComments') }}
            dataSource={order.comments}
            renderItem={(c) => (
              <List.Item key={c.id}>
                <Flex vertical>
                  <Typography.Text type="secondary">{`${format(c.at)} · ${c.userName}`}</Typography.Text>
                  <Typography.Text>{c.text}</Typography.Text>
                  <Photos photos={c.photos} of={c.userName} />
                </Flex>
              </List.Item>
            )}
          />
          {canComment && (
            <Form<{ text: string }>
              form={form}
              layout="vertical"
              name="work-order-comment"
              onFinish={(values) => void onComment(order, values.text).then(() => form.resetFields())}
            >
              <Form.Item
                label={t('workOrders.addComment')}
                {...zodField(workOrderCommentBodySchema, 'text', t('workOrders.addComment'))}
              >
                <Input.TextArea rows={3} maxLength={2000} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={commenting}>
                {t('workOrders.send')}
              </Button>
            </Form>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
