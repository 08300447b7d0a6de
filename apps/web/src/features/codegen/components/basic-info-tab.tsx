import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { genTableFormSchema } from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';

/** Basic information: the table, its description, the class name, the author, a remark. */
export function BasicInfoTab() {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label={t('fields.tableName')} name="tableName">
          <Input disabled />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('fields.tableComment')} {...zodField(genTableFormSchema, 'tableComment')}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label={t('fields.className')}
          extra={t('codegen.classNameHint')}
          {...zodField(genTableFormSchema, 'className')}
        >
          <Input maxLength={63} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('fields.functionAuthor')} {...zodField(genTableFormSchema, 'functionAuthor')}>
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label={t('fields.remark')} {...zodField(genTableFormSchema, 'remark')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Col>
    </Row>
  );
}
