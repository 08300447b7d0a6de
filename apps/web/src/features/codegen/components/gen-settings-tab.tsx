import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { GEN_TEMPLATES, genTableFormSchema, MENU_ROUTES, type GenColumn } from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';

/** The menu groups a generated page can go under: the top-level entries of /getRouters. */
const MENU_GROUPS = MENU_ROUTES.filter((r) => r.component === 'Layout' && !r.meta.hidden);

/** Generation settings: the template and its columns, module, business and function names, the menu. */
export function GenSettingsTab({ columns }: { columns: readonly GenColumn[] }) {
  const { t } = useTranslation();
  const template = Form.useWatch<string | undefined>('tplCategory');
  const columnOptions = columns.map((c) => ({
    value: c.columnName,
    label: c.columnComment ? `${c.columnName}: ${c.columnComment}` : c.columnName,
  }));
  const field = (name: Parameters<typeof zodField>[1]) => zodField(genTableFormSchema, name);
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label={t('fields.tplCategory')} {...field('tplCategory')}>
          <Select options={GEN_TEMPLATES.map((v) => ({ value: v, label: t(`codegen.templates.${v}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('fields.parentMenu')} {...field('parentMenu')}>
          <Select
            options={MENU_GROUPS.map((r) => ({
              value: r.path,
              label: `${t(`routes.${r.meta.title}`)} (${r.path})`,
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label={t('fields.moduleName')}
          extra={t('codegen.moduleNameHint')}
          {...field('moduleName')}
        >
          <Input maxLength={63} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label={t('fields.businessName')}
          extra={t('codegen.businessNameHint')}
          {...field('businessName')}
        >
          <Input maxLength={63} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('fields.functionName')} {...field('functionName')}>
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      {template === 'tree' && (
        <>
          <Col xs={24} md={8}>
            <Form.Item label={t('fields.treeCode')} {...field('treeCode')}>
              <Select allowClear options={columnOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('fields.treeParentCode')} {...field('treeParentCode')}>
              <Select allowClear options={columnOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('fields.treeName')} {...field('treeName')}>
              <Select allowClear options={columnOptions} />
            </Form.Item>
          </Col>
        </>
      )}
      {template === 'sub' && (
        <>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('fields.subTableName')}
              extra={t('codegen.sqlNameHint')}
              {...field('subTableName')}
            >
              <Input maxLength={63} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('fields.subTableFkName')}
              extra={t('codegen.sqlNameHint')}
              {...field('subTableFkName')}
            >
              <Input maxLength={63} />
            </Form.Item>
          </Col>
        </>
      )}
    </Row>
  );
}
