import { useState } from 'react';
import { Button, Flex, Form, Image, Input, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  wxWorkOrderCreateBodySchema,
  type WorkOrderStatus,
  type WxHallDetail,
  type WxWorkOrder,
} from '@sbuilding/shared';
import { FileUpload } from '@/components/file-upload';
import { zodField } from '@/lib/form-rules';
import { useProjectTime } from '@/lib/time';
import { useWxReport, useWxReports, WX_PHOTO_ENDPOINT } from '../api/wx-reports';

/** Elsewhere in the building: a report without a room (the text says where). */
const ELSEWHERE = 0;

interface Values {
  zoneId: number;
  description: string;
  photoId?: string | null;
}

/** Colours only back up the words: each status is written out. */
const STATUS_COLOURS: Record<WorkOrderStatus, string> = {
  new: 'blue',
  assigned: 'cyan',
  inProgress: 'gold',
  onHold: 'default',
  resolved: 'green',
  closed: 'default',
};

function ReportItem({ item }: { item: WxWorkOrder }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  return (
    <li className="wx-report">
      <Flex justify="space-between" align="baseline" gap="small">
        <Typography.Text strong>{item.zoneName || t('wxProgram.report.elsewhere')}</Typography.Text>
        <Tag color={STATUS_COLOURS[item.status]}>{t(`wxProgram.report.statuses.${item.status}`)}</Tag>
      </Flex>
      <Typography.Paragraph className="wx-report-text">{item.description}</Typography.Paragraph>
      {item.photos.map((photo) => (
        <Image
          key={photo.id}
          src={photo.url}
          width={96}
          alt={t('wxProgram.report.photoOf', { text: item.description })}
        />
      ))}
      <Typography.Text type="secondary">
        {t('wxProgram.report.reportedAt', { time: times.stamp(item.createTime, 'dateTimeMinutes') })}
      </Typography.Text>
    </li>
  );
}

/**
 * "Report a problem": an occupant says what is wrong in which room, with a photo if they like, and follows
 * their own reports (work orders of the building's project; nobody else's are listed). The form opens in
 * place, as everything on this page does (no pop-up windows); what was done is said in a live region.
 */
export function ReportCard({ hallId, floors }: { hallId: number; floors: WxHallDetail['floors'] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState('');
  const reports = useWxReports(hallId, true);
  const report = useWxReport(hallId);
  const rooms = floors.flatMap((floor) =>
    floor.rooms
      .filter((room) => room.zoneId !== null)
      .map((room) => ({
        value: room.zoneId ?? ELSEWHERE,
        label: floor.name ? `${floor.name} · ${room.name ?? ''}` : (room.name ?? ''),
      })),
  );
  const send = (values: Values) => {
    report.mutate(
      {
        hallId,
        zoneId: values.zoneId === ELSEWHERE ? null : values.zoneId,
        description: values.description,
        photoIds: values.photoId ? [values.photoId] : [],
      },
      {
        onSuccess: () => {
          form.resetFields();
          setOpen(false);
          setSaid(t('wxProgram.report.sent'));
        },
      },
    );
  };
  const mine = reports.data ?? [];
  return (
    <section className="wx-card" aria-labelledby="wx-report-title">
      <Typography.Title level={2} id="wx-report-title" className="wx-card-title">
        {t('wxProgram.report.title')}
      </Typography.Title>
      {open ? (
        <Form<Values>
          form={form}
          layout="vertical"
          name="wx-report"
          initialValues={{ zoneId: ELSEWHERE }}
          onFinish={send}
          requiredMark="optional"
        >
          <Form.Item name="zoneId" label={t('wxProgram.report.room')}>
            <Select
              size="large"
              showSearch={{ optionFilterProp: 'label' }}
              options={[...rooms, { value: ELSEWHERE, label: t('wxProgram.report.elsewhere') }]}
            />
          </Form.Item>
          <Form.Item
            label={t('wxProgram.report.what')}
            {...zodField(wxWorkOrderCreateBodySchema, 'description', t('wxProgram.report.what'))}
          >
            <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('wxProgram.report.whatHint')} />
          </Form.Item>
          <Form.Item name="photoId" label={t('wxProgram.report.photo')}>
            <FileUpload kind="image" label={t('wxProgram.report.photo')} endpoint={WX_PHOTO_ENDPOINT} />
          </Form.Item>
          <Flex vertical gap="small">
            <Button type="primary" size="large" block htmlType="submit" loading={report.isPending}>
              {t('wxProgram.report.send')}
            </Button>
            <Button size="large" block onClick={() => setOpen(false)}>
              {t('wxProgram.report.cancel')}
            </Button>
          </Flex>
        </Form>
      ) : (
        <Button
          size="large"
          block
          onClick={() => {
            setSaid('');
            setOpen(true);
          }}
        >
          {t('wxProgram.report.open')}
        </Button>
      )}
      <p className="wx-said" role="status" aria-live="polite">
        {said}
      </p>
      <Typography.Title level={3} className="wx-card-title">
        {t('wxProgram.report.mine')}
      </Typography.Title>
      {reports.isSuccess && mine.length === 0 ? (
        <Typography.Text type="secondary">{t('wxProgram.report.none')}</Typography.Text>
      ) : (
        <ul className="wx-reports" aria-label={t('wxProgram.report.mine')}>
          {mine.map((item) => (
            <ReportItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
