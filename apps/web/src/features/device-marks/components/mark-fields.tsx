import { Col, Form, Input, Radio, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MARK_ALIGNMENTS, MARK_BELONG_TYPES, markFormSchema, type Mark } from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';

/** The form's values: every mark field of section 3 but the position (dragged) and the device (bound). */
export type MarkFormValues = Omit<z.input<typeof markFormSchema>, 'deviceId'>;

export const NEW_MARK_VALUES: MarkFormValues = {
  markName: '',
  nickname: '',
  onFloor: true,
  belongType: 'lighting',
  meshId: '',
  proxy: false,
  relay: false,
  dashboardNickname: '',
  alignment: 'center',
  leftButton: '',
  midButton: '',
  rightButton: '',
};

export function valuesOf(mark: Mark): MarkFormValues {
  const { markName, nickname, onFloor, belongType, meshId, proxy, relay, dashboardNickname, alignment } =
    mark;
  const { leftButton, midButton, rightButton } = mark;
  return {
    markName,
    nickname,
    onFloor,
    belongType,
    meshId,
    proxy,
    relay,
    dashboardNickname,
    alignment,
    leftButton,
    midButton,
    rightButton,
  };
}

const field = (name: keyof MarkFormValues) => zodField(markFormSchema, name);

/** The mark's fields, each checked by the shared markFormSchema. */
export function MarkFields() {
  const { t } = useTranslation();
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('fields.markName')} {...field('markName')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('fields.nickname')} {...field('nickname')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('fields.belongType')} {...field('belongType')}>
            <Select
              options={MARK_BELONG_TYPES.map((v) => ({ value: v, label: t(`deviceMarks.belongType.${v}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('fields.meshId')} {...field('meshId')}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={8}>
          <Form.Item label={t('fields.onFloor')} {...field('onFloor')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={8}>
          <Form.Item label={t('fields.proxy')} {...field('proxy')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={8}>
          <Form.Item label={t('fields.relay')} {...field('relay')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('fields.dashboardNickname')} {...field('dashboardNickname')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('fields.alignment')} {...field('alignment')}>
            <Radio.Group
              optionType="button"
              options={MARK_ALIGNMENTS.map((v) => ({ value: v, label: t(`deviceMarks.alignment.${v}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('fields.leftButton')} {...field('leftButton')}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('fields.midButton')} {...field('midButton')}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('fields.rightButton')} {...field('rightButton')}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
