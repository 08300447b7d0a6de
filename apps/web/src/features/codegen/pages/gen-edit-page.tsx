import { useEffect, useState } from 'react';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  genSaveBodySchema,
  genTableFieldsSchema,
  type GenColumn,
  type GenTable,
  type GenTableDetail,
} from '@sbuilding/shared';
import { Tabs } from '@/components/tabs';
import { feedback } from '@/lib/feedback';
import { validationMessage } from '@/lib/form-rules';
import { useGenTable } from '../api/get-gen-table';
import { useSaveGenTable } from '../api/save-gen-table';
import { BasicInfoTab } from '../components/basic-info-tab';
import { ColumnsTab, type ColumnErrors } from '../components/columns-tab';
import { GenSettingsTab } from '../components/gen-settings-tab';
import './codegen.css';

type TabKey = 'basic' | 'columns' | 'settings';
type Values = Partial<Omit<GenTable, 'tableId' | 'version' | 'createTime' | 'updateTime'>>;

/** Which tab holds a table field (to show the first refused one). */
const BASIC_FIELDS = ['tableComment', 'className', 'functionAuthor', 'remark'];
/** The column fields' labels in messages. */
const COLUMN_FIELDS: (keyof GenColumn)[] = [
  'columnComment',
  'tsType',
  'tsField',
  'queryType',
  'htmlType',
  'dictType',
];
const isTableField = (key: unknown): key is keyof typeof genTableFieldsSchema.shape =>
  typeof key === 'string' && Object.hasOwn(genTableFieldsSchema.shape, key);
const isColumnField = (key: unknown): key is keyof GenColumn =>
  typeof key === 'string' && COLUMN_FIELDS.some((f) => f === key);

/**
 * /gen/edit/{tableId}: a table's generation settings in RuoYi's three tabs (basic information, column
 * settings, generation settings); Save checks them with the shared schema, saves and goes back to the list.
 */
export default function GenEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tableId: param = '' } = useParams();
  const tableId = /^\d+$/.test(param) ? Number(param) : undefined;
  const detail = useGenTable(tableId);
  const save = useSaveGenTable();
  const [form] = Form.useForm<Values>();
  const [tab, setTab] = useState<TabKey>('basic');
  const loaded = detail.data;
  // The column edits belong to the settings they were made on: newer settings (after a 409) start afresh.
  const [edits, setEdits] = useState<{ source?: GenTableDetail; columns: GenColumn[]; errors: ColumnErrors }>(
    {
      columns: [],
      errors: {},
    },
  );
  const current = edits.source === loaded;
  const columns = current ? edits.columns : (loaded?.rows ?? []);
  const columnErrors = current ? edits.errors : {};
  const setColumnErrors = (errors: ColumnErrors) => setEdits({ source: loaded, columns, errors });

  useEffect(() => {
    if (loaded) form.setFieldsValue(loaded.info);
  }, [loaded, form]);

  const back = () => void navigate('/tool/gen');

  const onChangeColumn = (columnId: number, change: Partial<GenColumn>) => {
    const { [columnId]: _cleared, ...errors } = columnErrors;
    setEdits({
      source: loaded,
      columns: columns.map((r) => (r.columnId === columnId ? { ...r, ...change } : r)),
      errors,
    });
  };

  /** The column settings, checked like the server does; errors go beside their cells. */
  const checkColumns = (values: Values): boolean => {
    if (!loaded) return false;
    const parsed = genSaveBodySchema.safeParse({ ...loaded.info, ...values, columns });
    const errors: ColumnErrors = {};
    const seen = new Map<string, number>();
    for (const column of columns) {
      const first = seen.get(column.tsField);
      if (first !== undefined)
        errors[column.columnId] = { tsField: t('codegen.duplicateField', { field: column.tsField }) };
      else seen.set(column.tsField, column.columnId);
    }
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const [root, index, field] = issue.path;
        if (root !== 'columns' || typeof index !== 'number' || !isColumnField(field)) continue;
        const column = columns[index];
        if (!column) continue;
        errors[column.columnId] = {
          ...errors[column.columnId],
          [field]: validationMessage(issue.message, field),
        };
      }
    setColumnErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const onFinish = async (values: Values) => {
    if (!loaded) return;
    const columnsOk = checkColumns(values);
    const parsed = genSaveBodySchema.safeParse({ ...loaded.info, ...values, columns });
    // Rules across fields (a tree's columns, a master's child table) land on their field here.
    const tableIssues = parsed.success
      ? []
      : parsed.error.issues.flatMap((i) => {
          const [field] = i.path;
          return isTableField(field) ? [{ field, message: i.message }] : [];
        });
    if (tableIssues.length > 0) {
      form.setFields(
        tableIssues.map(({ field, message }) => ({
          name: field,
          errors: [validationMessage(message, field)],
        })),
      );
      setTab(BASIC_FIELDS.includes(tableIssues[0]?.field ?? '') ? 'basic' : 'settings');
      return;
    }
    if (!columnsOk || !parsed.success) {
      setTab('columns');
      feedback().message.error(t('codegen.columnsInvalid'));
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      feedback().message.success(t('codegen.saved'));
      back();
    } catch {
      // The request client showed the message (after a 409 the page reloads the newer settings).
      void detail.refetch();
    }
  };

  /** A refused table field: show its tab, so the message under the field is seen. */
  const onFinishFailed = ({ errorFields }: { errorFields: { name: (string | number)[] }[] }) => {
    const first = errorFields[0]?.name[0];
    if (first === undefined) return;
    setTab(BASIC_FIELDS.includes(String(first)) ? 'basic' : 'settings');
  };

  let body;
  if (tableId === undefined || detail.isError) body = <Empty description={t('codegen.notFound')} />;
  else if (!loaded) body = <Spin />;
  else
    body = (
      <Form<Values>
        form={form}
        name="genEdit"
        layout="vertical"
        onFinish={(v) => void onFinish(v)}
        onFinishFailed={onFinishFailed}
      >
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key === 'columns' || key === 'settings' ? key : 'basic')}
          items={[
            { key: 'basic', label: t('codegen.tabs.basic'), forceRender: true, children: <BasicInfoTab /> },
            {
              key: 'columns',
              label: t('codegen.tabs.columns'),
              forceRender: true,
              children: <ColumnsTab columns={columns} errors={columnErrors} onChange={onChangeColumn} />,
            },
            {
              key: 'settings',
              label: t('codegen.tabs.settings'),
              forceRender: true,
              children: <GenSettingsTab columns={columns} />,
            },
          ]}
        />
        <Space className="sb-gen-actions">
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
            {t('common.save')}
          </Button>
          <Button icon={<ArrowLeftOutlined />} onClick={back}>
            {t('codegen.back')}
          </Button>
        </Space>
      </Form>
    );

  return (
    <section className="sb-page" aria-labelledby="sb-gen-edit-title">
      <Typography.Title level={1} id="sb-gen-edit-title" className="sb-page-title">
        {t('routes.genEdit')}
        {loaded && (
          <>
            {' '}
            <Typography.Text code>{loaded.info.tableName}</Typography.Text>
          </>
        )}
      </Typography.Title>
      <Card>{body}</Card>
    </section>
  );
}
