import { useState } from 'react';
import { Alert as Notice, Button, Flex, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  METER_NODE_KINDS,
  meterNodeCreateBodySchema,
  type MeterNode,
  type MeterNodeCreateInput,
  type MeterNodeKind,
  type MeterTree,
} from '@sbuilding/shared';
import { FormModal } from '@/components/form-modal';
import { validationMessage } from '@/lib/form-rules';

/** What the form edits: a node (null: a new one) and, for a new one, its parent. */
export interface Editing {
  node: MeterNode | null;
  parentId: number | null;
}

type Mode = 'channels' | 'virtual' | 'children';

interface Values {
  name: string;
  kind: MeterNodeKind;
  parentId: number | null;
  areaM2: number | null;
  mode: Mode;
  channels: number[];
  /** `n:<node id>` or `d:<device id>`. */
  terms: { sign: 1 | -1; target: string | undefined }[];
}

function valuesOf(editing: Editing): Values {
  const node = editing.node;
  if (!node)
    return {
      name: '',
      kind: editing.parentId === null ? 'building' : 'tenantUnit',
      parentId: editing.parentId,
      areaM2: null,
      mode: 'channels',
      channels: [],
      terms: [],
    };
  let mode: Mode = 'children';
  if (node.terms.length > 0) mode = 'virtual';
  else if (node.channels.length > 0) mode = 'channels';
  return {
    name: node.name,
    kind: node.kind,
    parentId: node.parentId,
    areaM2: node.areaM2,
    mode,
    channels: node.channels,
    terms: node.terms.map((term) => ({
      sign: term.sign,
      target: term.nodeId !== null ? `n:${term.nodeId}` : `d:${term.deviceId}`,
    })),
  };
}

function bodyOf(projectId: number, v: Values): MeterNodeCreateInput {
  return {
    projectId,
    name: v.name?.trim() ?? '',
    kind: v.kind,
    parentId: v.parentId ?? null,
    areaM2: v.areaM2 ?? null,
    channels: v.mode === 'channels' ? (v.channels ?? []) : [],
    terms:
      v.mode === 'virtual'
        ? (v.terms ?? []).map((term) => {
            const [kind, id] = (term.target ?? ':').split(':');
            const ref = Number(id);
            return {
              sign: term.sign,
              nodeId: kind === 'n' && ref > 0 ? ref : null,
              deviceId: kind === 'd' && ref > 0 ? ref : null,
            };
          })
        : [],
  };
}

interface MeterNodeFormProps {
  projectId: number;
  tree: MeterTree;
  editing: Editing;
  saving: boolean;
  error: string | null;
  onSave: (body: MeterNodeCreateInput & { id?: number }) => void;
  onCancel: () => void;
}

/**
 * Add or edit a node of the meter tree: its kind, parent, area, and how its consumption is known (its own
 * channels, a virtual meter of + and − terms, or its sub-nodes' sum). Checked with the shared schema before
 * it is sent; the server checks the whole tree (cycles, a channel measuring two nodes) and its message is
 * shown above the form.
 */
export function MeterNodeForm({
  projectId,
  tree,
  editing,
  saving,
  error,
  onSave,
  onCancel,
}: MeterNodeFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form);
  const [problems, setProblems] = useState<string[]>([]);
  const [initial] = useState(() => valuesOf(editing));
  const self = editing.node?.id;

  const channelLabel = (c: MeterTree['channels'][number]) =>
    `${c.name} (${c.code}${c.channel === null ? '' : ` ch${c.channel}`})`;
  const owner = (nodeId: number | null) => tree.nodes.find((n) => n.id === nodeId)?.name;
  const channelOptions = tree.channels.map((c) => ({
    value: c.deviceId,
    label:
      c.nodeId !== null && c.nodeId !== self
        ? t('energyBilling.meters.channelOf', { channel: channelLabel(c), node: owner(c.nodeId) })
        : channelLabel(c),
  }));
  const targetOptions = [
    {
      label: t('energyBilling.meters.nodes'),
      options: tree.nodes.filter((n) => n.id !== self).map((n) => ({ value: `n:${n.id}`, label: n.name })),
    },
    {
      label: t('energyBilling.meters.channels'),
      options: tree.channels.map((c) => ({ value: `d:${c.deviceId}`, label: channelLabel(c) })),
    },
  ];

  const onFinish = (values: Values) => {
    const body = bodyOf(projectId, values);
    const parsed = meterNodeCreateBodySchema.safeParse(body);
    const extra = self !== undefined && body.parentId === self ? ['treeCycle'] : [];
    const selfTerm = self !== undefined && body.terms?.some((term) => term.nodeId === self);
    if (!parsed.success || extra.length > 0 || selfTerm) {
      const messages = [
        ...(parsed.success ? [] : parsed.error.issues).map((issue) => {
          const field = [...issue.path].reverse().find((p) => typeof p === 'string') ?? 'invalid';
          return validationMessage(issue.message, String(field));
        }),
        ...extra.map((key) => validationMessage(key, 'parentId')),
        ...(selfTerm ? [validationMessage('virtualCycle', 'terms')] : []),
      ];
      setProblems([...new Set(messages)]);
      return;
    }
    setProblems([]);
    onSave(self === undefined ? body : { ...body, id: self });
  };

  return (
    <FormModal
      form={form}
      open
      width={720}
      confirmLoading={saving}
      onCancel={onCancel}
      title={editing.node ? t('energyBilling.meters.edit') : t('energyBilling.meters.add')}
      destroyOnHidden
    >
      <Flex vertical gap="small">
        {error && <Notice type="error" showIcon title={error} />}
        {problems.length > 0 && (
          <Notice
            type="error"
            showIcon
            title={t('energyBilling.fixProblems')}
            description={
              <ul>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            }
          />
        )}
        <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={onFinish}>
          <Form.Item label={t('fields.name')} name="name" required>
            <Input maxLength={60} />
          </Form.Item>
          <Space wrap size="large" align="start">
            <Form.Item label={t('fields.meterKind')} name="kind" required>
              <Select
                style={{ width: 180 }}
                options={METER_NODE_KINDS.map((k) => ({
                  value: k,
                  label: t(`energyBilling.meters.kinds.${k}`),
                }))}
              />
            </Form.Item>
            <Form.Item label={t('fields.meterParent')} name="parentId">
              <Select
                style={{ width: 240 }}
                allowClear
                placeholder={t('energyBilling.meters.root')}
                options={tree.nodes.filter((n) => n.id !== self).map((n) => ({ value: n.id, label: n.name }))}
              />
            </Form.Item>
            <Form.Item label={t('fields.areaM2')} name="areaM2">
              <InputNumber style={{ width: 160 }} min={0} />
            </Form.Item>
          </Space>
          <Form.Item label={t('energyBilling.meters.source')} name="mode">
            <Radio.Group
              options={(['channels', 'virtual', 'children'] as const).map((m) => ({
                value: m,
                label: t(`energyBilling.meters.modes.${m}`),
              }))}
            />
          </Form.Item>
          {mode === 'channels' && (
            <Form.Item label={t('fields.channels')} name="channels">
              <Select mode="multiple" options={channelOptions} optionFilterProp="label" />
            </Form.Item>
          )}
          {mode === 'virtual' && (
            <Form.List name="terms">
              {(fields, { add, remove }) => (
                <Flex vertical gap="small">
                  <span>{t('fields.terms')}</span>
                  {fields.map((field, i) => (
                    <Space key={field.key} align="start">
                      <Form.Item name={[field.name, 'sign']} noStyle>
                        <Select
                          aria-label={t('energyBilling.meters.sign', { n: i + 1 })}
                          style={{ width: 72 }}
                          options={[
                            { value: 1, label: '+' },
                            { value: -1, label: '−' },
                          ]}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'target']} noStyle>
                        <Select
                          aria-label={t('energyBilling.meters.target', { n: i + 1 })}
                          style={{ width: 360 }}
                          options={targetOptions}
                          showSearch
                          optionFilterProp="label"
                        />
                      </Form.Item>
                      <Button
                        aria-label={t('energyBilling.meters.removeTerm', { n: i + 1 })}
                        icon={<DeleteOutlined />}
                        onClick={() => remove(field.name)}
                      />
                    </Space>
                  ))}
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add({ sign: fields.length === 0 ? 1 : -1, target: undefined })}
                  >
                    {t('energyBilling.meters.addTerm')}
                  </Button>
                </Flex>
              )}
            </Form.List>
          )}
        </Form>
      </Flex>
    </FormModal>
  );
}
