import { Checkbox, Form, InputNumber, Radio, Select, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import { acAutomationCreateBodySchema, FAN_SPEEDS, HVAC_MODES } from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';
import { useAcDevices, useAcGroups } from '../api/ac-targets';
import { ZoneChooser } from './zone-chooser';

const schema = acAutomationCreateBodySchema;
const TIME_FORMAT = 'HH:mm';

/** The form keeps 'HH:mm' strings (what the shared schema checks); the picker works with dayjs. */
const timeField = {
  getValueProps: (value: unknown) => ({
    value:
      typeof value === 'string' && /^\d\d:\d\d$/.test(value)
        ? dayjs()
            .hour(Number(value.slice(0, 2)))
            .minute(Number(value.slice(3)))
            .second(0)
        : null,
  }),
  normalize: (value: Dayjs | null) => (value ? value.format(TIME_FORMAT) : null),
};

const field = (name: string) => zodField(schema, name);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];

/** Which AC or group, and the zone whose occupancy it follows. */
export function TargetFields({ projectId, zoneName }: { projectId: number; zoneName: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const kind: unknown = Form.useWatch('targetKind', form);
  const devices = useAcDevices(projectId);
  const groups = useAcGroups(projectId);
  const options =
    kind === 'group'
      ? (groups.data?.rows ?? [])
          .filter((g) => g.category === 'ac')
          .map((g) => ({ value: g.id, label: g.name }))
      : (devices.data?.rows ?? []).map((d) => ({ value: d.id, label: d.name }));
  return (
    <>
      <Form.Item label={t('fields.targetKind')} {...field('targetKind')}>
        <Radio.Group
          onChange={() => form.setFieldValue('targetId', undefined)}
          options={[
            { value: 'device', label: t('acAutomation.kinds.device') },
            { value: 'group', label: t('acAutomation.kinds.group') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('fields.targetId')} {...field('targetId')} dependencies={['targetKind']}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('acAutomation.chooseTarget')}
          loading={devices.isLoading || groups.isLoading}
          options={options}
        />
      </Form.Item>
      <Form.Item
        label={t('fields.zoneId')}
        extra={t('acAutomation.zoneHint')}
        {...field('zoneId')}
        dependencies={['autoOpenClose', 'targetKind']}
      >
        <ZoneChooser projectId={projectId} currentName={zoneName} />
      </Form.Item>
    </>
  );
}

/** Set and ambient temperature, mode and fan. */
export function ClimateFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={t('fields.setTemperature')} {...field('setTemperature')}>
        <InputNumber precision={0} suffix="°C" />
      </Form.Item>
      <Form.Item
        label={t('fields.ambientTemperature')}
        extra={t('acAutomation.ambientHint')}
        {...field('ambientTemperature')}
        dependencies={['setTemperature', 'workMode']}
      >
        <InputNumber suffix="°C" />
      </Form.Item>
      <Form.Item label={t('fields.workMode')} extra={t('acAutomation.autoModeHint')} {...field('workMode')}>
        <Select options={HVAC_MODES.map((m) => ({ value: m, label: t(`devices.options.workMode.${m}`) }))} />
      </Form.Item>
      <Form.Item label={t('fields.fanSpeed')} {...field('fanSpeed')}>
        <Select options={FAN_SPEEDS.map((s) => ({ value: s, label: t(`devices.options.fanSpeed.${s}`) }))} />
      </Form.Item>
    </>
  );
}

/** A switch with its label; its details shown only when it is on. */
function Toggle({ name, label, hint }: { name: string; label: string; hint: string }) {
  return (
    <Form.Item name={name} label={label} extra={hint} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}

/** Occupancy and timing: auto open/close, timing open/close and its days. */
export function ScheduleFields() {
  const { t } = useTranslation();
  const times = useProjectTime();
  const form = Form.useFormInstance();
  const auto: unknown = Form.useWatch('autoOpenClose', form);
  const timing: unknown = Form.useWatch('timingOpenClose', form);
  const allWorkdays: unknown = Form.useWatch('allWorkdays', form);
  return (
    <>
      <Toggle
        name="autoOpenClose"
        label={t('acAutomation.autoOpenClose')}
        hint={t('acAutomation.autoHint')}
      />
      <Form.Item label={t('fields.motionCountThreshold')} {...field('motionCountThreshold')}>
        <InputNumber min={1} max={255} />
      </Form.Item>
      {auto === true && (
        <Form.Item label={t('fields.vacantMinutes')} {...field('vacantMinutes')}>
          <InputNumber min={1} max={1440} suffix={t('acAutomation.minutes')} />
        </Form.Item>
      )}
      <Toggle name="timingOpenClose" label={t('acAutomation.timing')} hint={t('acAutomation.timingHint')} />
      {timing === true && (
        <>
          <Form.Item label={times.titled(t('fields.openTime'))} {...field('openTime')} {...timeField}>
            <TimePicker format={TIME_FORMAT} minuteStep={5} needConfirm={false} />
          </Form.Item>
          <Form.Item
            label={times.titled(t('fields.closeTime'))}
            {...field('closeTime')}
            {...timeField}
            dependencies={['openTime', 'timingOpenClose']}
          >
            <TimePicker format={TIME_FORMAT} minuteStep={5} needConfirm={false} />
          </Form.Item>
          <Toggle
            name="allWorkdays"
            label={t('acAutomation.allWorkdays')}
            hint={t('acAutomation.workdaysHint')}
          />
          {allWorkdays === false && (
            <Form.Item label={t('fields.weekdays')} {...field('weekdays')}>
              <Checkbox.Group
                options={WEEKDAYS.map((d) => ({ value: d, label: t(`sceneWizard.weekdays.${d}`) }))}
              />
            </Form.Item>
          )}
        </>
      )}
    </>
  );
}

/** Smart temperature control, smart DOAS, weather linkage, noon nap and active. */
export function SmartFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const linkage: unknown = Form.useWatch('weatherLinkage', form);
  return (
    <>
      <Toggle
        name="smartTempControl"
        label={t('acAutomation.smartTemp')}
        hint={t('acAutomation.smartTempHint')}
      />
      <Toggle name="smartDoas" label={t('acAutomation.smartDoas')} hint={t('acAutomation.smartDoasHint')} />
      <Toggle
        name="weatherLinkage"
        label={t('acAutomation.weatherLinkage')}
        hint={t('acAutomation.linkageHint')}
      />
      {linkage === true && (
        <>
          <Form.Item label={t('fields.noCoolBelow')} {...field('noCoolBelow')} dependencies={['noHeatAbove']}>
            <InputNumber suffix="°C" />
          </Form.Item>
          <Form.Item label={t('fields.noHeatAbove')} {...field('noHeatAbove')}>
            <InputNumber suffix="°C" />
          </Form.Item>
        </>
      )}
      <Toggle name="noonNap" label={t('acAutomation.noonNap')} hint={t('acAutomation.noonNapHint')} />
      <Toggle name="active" label={t('acAutomation.active')} hint={t('acAutomation.activeHint')} />
    </>
  );
}
