import { useEffect, useRef, useState } from 'react';
import { Alert as Notice, Button, Flex, Modal, Progress, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BillNodes } from '@sbuilding/shared';
import {
  billedNodes,
  downloadAllBills,
  type AllBillsProgress,
  type AllBillsResult,
  type BillFormat,
} from '../api/all-bills';

type Phase =
  | { kind: 'choose' }
  | { kind: 'running'; progress: AllBillsProgress; canceling: boolean }
  | { kind: 'finished'; result: AllBillsResult }
  | { kind: 'error'; message: string };

/**
 * "Download every bill of the month": the format, then each place's bill fetched (at most two at once) with
 * a progress bar and Cancel, zipped in the browser and saved; a summary of what is in the zip at the end.
 */
export function AllBillsModal({
  open,
  onClose,
  projectId,
  month,
  nodes,
}: {
  open: boolean;
  onClose: () => void;
  projectId: number;
  month: string;
  nodes: BillNodes;
}) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<BillFormat>('pdf');
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const abort = useRef<AbortController | null>(null);
  // Only the places a meter measures have a bill: asking for the others would only answer 400.
  const billed = billedNodes(nodes);
  const unmetered = nodes.length - billed.length;
  // Leaving the page stops what is still under way.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setPhase({
      kind: 'running',
      progress: { done: 0, total: billed.length, current: null },
      canceling: false,
    });
    try {
      const result = await downloadAllBills({
        projectId,
        month,
        format,
        nodes: billed,
        allNodes: nodes,
        signal: controller.signal,
        onProgress: (progress) => setPhase((p) => (p.kind === 'running' ? { ...p, progress } : p)),
      });
      setPhase({ kind: 'finished', result });
    } catch (error) {
      setPhase({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      abort.current = null;
    }
  };
  const cancel = () => {
    abort.current?.abort();
    setPhase((p) => (p.kind === 'running' ? { ...p, canceling: true } : p));
  };
  const close = () => {
    if (phase.kind === 'running') return cancel();
    setPhase({ kind: 'choose' });
    onClose();
  };

  let body;
  let footer;
  if (phase.kind === 'choose') {
    body = (
      <Flex vertical gap="middle">
        <Typography.Text>
          {t('energyBilling.allBills.intro', { count: billed.length, month })}
        </Typography.Text>
        {unmetered > 0 && (
          <Typography.Text type="secondary">
            {t('energyBilling.allBills.unmetered', { count: unmetered })}
          </Typography.Text>
        )}
        <Radio.Group
          aria-label={t('energyBilling.allBills.format')}
          value={format}
          onChange={(e) => setFormat(e.target.value === 'xlsx' ? 'xlsx' : 'pdf')}
          options={[
            { value: 'pdf', label: 'PDF' },
            { value: 'xlsx', label: '.xlsx' },
          ]}
        />
      </Flex>
    );
    footer = [
      <Button key="close" onClick={close}>
        {t('energyBilling.allBills.close')}
      </Button>,
      <Button key="start" type="primary" disabled={billed.length === 0} onClick={() => void start()}>
        {t('energyBilling.allBills.start')}
      </Button>,
    ];
  } else if (phase.kind === 'running') {
    const { done, total, current } = phase.progress;
    const text = t('energyBilling.allBills.progress', { done, total });
    body = (
      <Flex vertical gap="small">
        <Progress
          aria-label={t('energyBilling.allBills.progressLabel')}
          aria-valuetext={text}
          percent={total === 0 ? 100 : Math.round((done / total) * 100)}
          format={() => `${done} / ${total}`}
        />
        <Typography.Text role="status">
          {phase.canceling
            ? t('energyBilling.allBills.canceling')
            : current === null
              ? text
              : t('energyBilling.allBills.current', { name: current, done, total })}
        </Typography.Text>
      </Flex>
    );
    footer = [
      <Button key="cancel" danger disabled={phase.canceling} onClick={cancel}>
        {t('energyBilling.allBills.cancel')}
      </Button>,
    ];
  } else {
    body =
      phase.kind === 'error' ? (
        <Notice type="error" showIcon title={phase.message} />
      ) : (
        <Summary result={phase.result} />
      );
    footer = [
      <Button key="close" type="primary" onClick={close}>
        {t('energyBilling.allBills.close')}
      </Button>,
    ];
  }

  return (
    <Modal
      open={open}
      title={t('energyBilling.allBills.title', { month })}
      onCancel={close}
      footer={footer}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}

function Summary({ result }: { result: AllBillsResult }) {
  const { t } = useTranslation();
  if (result.canceled)
    return <Typography.Text role="status">{t('energyBilling.allBills.canceled')}</Typography.Text>;
  return (
    <Flex vertical gap="small" role="status">
      <Typography.Text>
        {result.zipName
          ? t('energyBilling.allBills.saved', { count: result.files, name: result.zipName })
          : t('energyBilling.allBills.nothing')}
      </Typography.Text>
      {result.skipped > 0 && (
        <Typography.Text>{t('energyBilling.allBills.skipped', { count: result.skipped })}</Typography.Text>
      )}
      <Typography.Text type={result.failed.length > 0 ? 'danger' : undefined}>
        {t('energyBilling.allBills.failed', { count: result.failed.length })}
      </Typography.Text>
      {result.failed.length > 0 && (
        <ul aria-label={t('energyBilling.allBills.failedList')}>
          {result.failed.map((f, i) => (
            <li key={i}>{`${f.name}: ${f.message}`}</li>
          ))}
        </ul>
      )}
      {result.notAsked > 0 && (
        <Typography.Text type="danger">
          {t('energyBilling.allBills.notAsked', { count: result.notAsked })}
        </Typography.Text>
      )}
    </Flex>
  );
}
