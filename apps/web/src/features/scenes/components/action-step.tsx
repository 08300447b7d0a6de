import { useState } from 'react';
import {
  Button,
  Empty,
  Flex,
  Form,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommandMethod, Device, DeviceField } from '@sbuilding/shared';
import '@/components/board-switch.css';
import { DeviceCategoryLabel } from '@/components/device-category';
import { DevicePicker } from '@/components/device-picker';
import { useTargetGroups } from '../api/list-target-groups';
import { errorProps, type WizardErrors } from './wizard-errors';
import {
  categoryOf,
  methodsOf,
  paramsOf,
  type ActionValues,
  type ChosenTarget,
  type WizardValues,
} from './wizard-values';

interface TargetsProps {
  projectId: number;
  value?: ChosenTarget[];
  onChange?: (targets: ChosenTarget[]) => void;
}

function fromDevice(d: Device): ChosenTarget {
  return { kind: 'device', id: d.id, name: d.name, category: d.category };
}

/** The scene's targets: devices from the picker or device groups, all of one category (checked on Next). */
function TargetsEditor({ projectId, value = [], onChange }: TargetsProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ChosenTarget['kind']>('device');
  const groups = useTargetGroups(projectId);
  const change = (next: ChosenTarget[]) => onChange?.(next);
  const same = (a: ChosenTarget, b: ChosenTarget) => a.kind === b.kind && a.id === b.id;
  const chosenGroups = value.filter((v) => v.kind === 'group').map((v) => v.id);

  return (
    <Flex vertical gap="small">
      <Table<ChosenTarget>
        rowKey={(r) => `${r.kind}-${r.id}`}
        size="small"
        pagination={false}
        dataSource={value}
        caption={<span className="sb-visually-hidden">{t('sceneWizard.chosenTargets')}</span>}
        locale={{ emptyText: <Empty description={t('sceneWizard.noTargets')} /> }}
        columns={[
          { title: t('fields.name'), dataIndex: 'name', render: (_, r) => r.name || `#${r.id}` },
          {
            title: t('sceneWizard.targetKind'),
            dataIndex: 'kind',
            render: (_, r) => t(`sceneWizard.kinds.${r.kind}`),
          },
          {
            title: t('fields.category'),
            dataIndex: 'category',
            render: (_, r) => (r.category ? <DeviceCategoryLabel category={r.category} /> : '-'),
          },
          {
            title: t('scenes.columns.actions'),
            key: 'remove',
            render: (_, r) => (
              <Button
                type="link"
                aria-label={t('sceneWizard.removeTarget', { name: r.name || `#${r.id}` })}
                onClick={() => change(value.filter((v) => !same(v, r)))}
              >
                {t('sceneWizard.remove')}
              </Button>
            ),
          },
        ]}
      />
      <Radio.Group
        aria-label={t('sceneWizard.targetKind')}
        value={kind}
        onChange={(e) => setKind(e.target.value === 'group' ? 'group' : 'device')}
        options={(['device', 'group'] as const).map((k) => ({ value: k, label: t(`sceneWizard.pick.${k}`) }))}
      />
      {kind === 'device' ? (
        <DevicePicker
          projectId={projectId}
          multiple
          caption={t('sceneWizard.pickerCaption')}
          selectedIds={value.filter((v) => v.kind === 'device').map((v) => v.id)}
          onChange={(rows, selected) => {
            const ids = new Set(rows.map((r) => r.id));
            const rest = value.filter((v) => v.kind !== 'device' || !ids.has(v.id));
            change(selected ? [...rest, ...rows.map(fromDevice)] : rest);
          }}
        />
      ) : (
        <Select<number[]>
          mode="multiple"
          aria-label={t('sceneWizard.pick.group')}
          style={{ minWidth: 320 }}
          loading={groups.isLoading}
          placeholder={t('sceneWizard.chooseGroups')}
          value={chosenGroups}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(ids) => {
            const rows = groups.data?.rows ?? [];
            const rest = value.filter((v) => v.kind !== 'group' || ids.includes(v.id));
            const added = ids
              .filter((id) => !chosenGroups.includes(id))
              .map((id) => rows.find((g) => g.id === id))
              .filter((g) => g !== undefined)
              .map((g): ChosenTarget => ({ kind: 'group', id: g.id, name: g.name, category: g.category }));
            change([...rest, ...added]);
          }}
          options={(groups.data?.rows ?? []).map((g) => ({
            value: g.id,
            label: g.category ? `${g.name} (${t(`catalogue.categories.${g.category}`)})` : g.name,
          }))}
        />
      )}
    </Flex>
  );
}

/** One parameter's control, from the catalogue's field. */
function ParamInput({
  field,
  id,
  ...rest
}: {
  field: DeviceField;
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  const { t } = useTranslation();
  if (field.kind === 'boolean') {
    return (
      <Switch
        id={id}
        className="sb-board-switch"
        checked={rest.value === true}
        onChange={(v) => rest.onChange?.(v)}
        checkedChildren={t('devices.on')}
        unCheckedChildren={t('devices.off')}
      />
    );
  }
  if (field.kind === 'enum') {
    const refused = new Set((field.refused ?? []).map((r) => r.value));
    return (
      <Select
        id={id}
        style={{ minWidth: 140 }}
        value={typeof rest.value === 'string' ? rest.value : undefined}
        onChange={(v) => rest.onChange?.(v)}
        placeholder={t('sceneWizard.choose')}
        options={field.values.map((v) => ({
          value: v,
          disabled: refused.has(v),
          label: t(`devices.options.${field.name}.${v}`),
        }))}
      />
    );
  }
  if (field.kind === 'int' || field.kind === 'decimal') {
    return (
      <InputNumber
        id={id}
        min={field.min}
        max={field.max}
        precision={field.kind === 'int' ? 0 : undefined}
        suffix={field.unit}
        placeholder={`${field.min}-${field.max}`}
        value={typeof rest.value === 'number' ? rest.value : null}
        onChange={(v) => rest.onChange?.(v ?? undefined)}
      />
    );
  }
  return null;
}

/** Step 3: the targets (devices or groups of one category) and the actions with their parameters. */
export function ActionStep({ projectId, errors }: { projectId: number; errors: WizardErrors }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<WizardValues>();
  const targets = Form.useWatch('targets', form) ?? [];
  const actions = Form.useWatch('actions', form) ?? [];
  const category = categoryOf(targets);
  const methods: CommandMethod[] = category ? methodsOf(category) : [];

  return (
    <>
      <section aria-labelledby="sb-scene-targets">
        <Typography.Title level={2} id="sb-scene-targets" className="sb-form-section">
          {t('fields.targets')}
        </Typography.Title>
        <Form.Item name="targets" {...errorProps(errors, 'targets')}>
          <TargetsEditor projectId={projectId} />
        </Form.Item>
      </section>
      <section aria-labelledby="sb-scene-actions">
        <Typography.Title level={2} id="sb-scene-actions" className="sb-form-section">
          {t('fields.actions')}
        </Typography.Title>
        {category === null ? (
          <Typography.Paragraph type="secondary">{t('sceneWizard.targetsFirst')}</Typography.Paragraph>
        ) : methods.length === 0 ? (
          <Typography.Paragraph type="secondary">{t('sceneWizard.noActions')}</Typography.Paragraph>
        ) : null}
        <Form.List name="actions">
          {(fields, { add, remove }) => (
            <Flex vertical gap="small">
              {fields.map((field) => {
                const method = actions[field.name]?.method;
                const n = field.name + 1;
                const params = category && method ? paramsOf(category, method) : [];
                return (
                  <fieldset key={field.key} className="sb-scene-action sb-fieldset">
                    <legend>{t('sceneWizard.actionN', { n })}</legend>
                    <Space wrap align="start">
                      <Form.Item
                        label={t('fields.method')}
                        name={[field.name, 'method']}
                        required
                        {...errorProps(errors, `actions.${field.name}.method`)}
                      >
                        <Select
                          style={{ minWidth: 220 }}
                          placeholder={t('sceneWizard.choose')}
                          onChange={(m: CommandMethod) =>
                            // Switches start off (a value, not a missing one); the rest are chosen.
                            form.setFieldValue(
                              ['actions', field.name, 'params'],
                              Object.fromEntries(
                                (category ? paramsOf(category, m) : [])
                                  .filter((p) => p.kind === 'boolean')
                                  .map((p) => [p.name, false]),
                              ),
                            )
                          }
                          options={methods.map((m) => ({ value: m, label: t(`controlLog.methods.${m}`) }))}
                        />
                      </Form.Item>
                      {params.map((p) => (
                        <Form.Item
                          key={p.name}
                          label={t(`fields.${p.name}`)}
                          name={[field.name, 'params', p.name]}
                          required={p.required}
                          {...errorProps(errors, `actions.${field.name}.params.${p.name}`)}
                        >
                          <ParamInput field={p} />
                        </Form.Item>
                      ))}
                      <Button
                        className="sb-scene-remove"
                        onClick={() => remove(field.name)}
                        aria-label={t('sceneWizard.removeAction', { n })}
                      >
                        {t('sceneWizard.remove')}
                      </Button>
                    </Space>
                  </fieldset>
                );
              })}
              {errors.actions ? (
                <div role="alert" className="ant-form-item-explain-error">
                  {errors.actions}
                </div>
              ) : null}
              <div>
                <Button
                  disabled={methods.length === 0}
                  onClick={() => add({ params: {} } satisfies ActionValues)}
                >
                  {t('sceneWizard.addAction')}
                </Button>
              </div>
            </Flex>
          )}
        </Form.List>
      </section>
    </>
  );
}
