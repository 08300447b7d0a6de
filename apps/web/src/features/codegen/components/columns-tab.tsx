import type { ReactNode } from 'react';
import { AutoComplete, Checkbox, Input, Select, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DICT_TYPES,
  GEN_DICT_HTML_TYPES,
  GEN_HTML_TYPES,
  GEN_QUERY_TYPES,
  genTsTypesFor,
  type GenColumn,
} from '@sbuilding/shared';

/** The editable settings of a column, keyed by field. */
export type ColumnErrors = Record<number, Partial<Record<keyof GenColumn, string>>>;

type Flag = 'isInsert' | 'isEdit' | 'isList' | 'isQuery' | 'isRequired';
const FLAGS: Flag[] = ['isInsert', 'isEdit', 'isList', 'isQuery', 'isRequired'];

/** Dictionary types offered (any other can be typed): the console's own and RuoYi's usual ones. */
const DICT_SUGGESTIONS = [
  ...Object.values(DICT_TYPES),
  'sys_normal_disable',
  'sys_user_sex',
  'sys_yes_no',
].map((value) => ({ value }));

interface ColumnsTabProps {
  columns: GenColumn[];
  errors: ColumnErrors;
  onChange: (columnId: number, change: Partial<GenColumn>) => void;
}

/** Column settings: one editable row per column of the table. */
export function ColumnsTab({ columns, errors, onChange }: ColumnsTabProps) {
  const { t } = useTranslation();
  const label = (row: GenColumn, field: string) => `${row.columnName}: ${t(`codegen.column.${field}`)}`;
  const status = (row: GenColumn, field: keyof GenColumn) =>
    errors[row.columnId]?.[field] ? 'error' : undefined;
  /** The control, and under it what is wrong with its value (after a refused save). */
  const withError = (row: GenColumn, field: keyof GenColumn, node: ReactNode) => {
    const message = errors[row.columnId]?.[field];
    return (
      <>
        {node}
        {message && (
          <Typography.Text type="danger" role="alert" className="sb-gen-error">
            {message}
          </Typography.Text>
        )}
      </>
    );
  };

  const table: TableColumnsType<GenColumn> = [
    { title: t('codegen.column.sort'), dataIndex: 'sort', width: 60 },
    { title: t('codegen.column.columnName'), dataIndex: 'columnName' },
    {
      title: t('codegen.column.columnComment'),
      dataIndex: 'columnComment',
      render: (_, row) => (
        <Input
          aria-label={label(row, 'columnComment')}
          value={row.columnComment}
          maxLength={200}
          onChange={(e) => onChange(row.columnId, { columnComment: e.target.value })}
        />
      ),
    },
    { title: t('codegen.column.columnType'), dataIndex: 'columnType' },
    {
      title: t('codegen.column.tsType'),
      dataIndex: 'tsType',
      render: (_, row) => (
        <Select
          aria-label={label(row, 'tsType')}
          value={row.tsType}
          className="sb-gen-select"
          options={genTsTypesFor(row.columnType).map((v) => ({ value: v, label: v }))}
          onChange={(tsType) => onChange(row.columnId, { tsType })}
        />
      ),
    },
    {
      title: t('codegen.column.tsField'),
      dataIndex: 'tsField',
      render: (_, row) =>
        withError(
          row,
          'tsField',
          <Input
            aria-label={label(row, 'tsField')}
            value={row.tsField}
            status={status(row, 'tsField')}
            maxLength={63}
            onChange={(e) => onChange(row.columnId, { tsField: e.target.value })}
          />,
        ),
    },
    ...FLAGS.map((flag) => ({
      title: t(`codegen.column.${flag}`),
      dataIndex: flag,
      width: 70,
      render: (_: unknown, row: GenColumn) => (
        <Checkbox
          aria-label={label(row, flag)}
          checked={row[flag]}
          onChange={(e) => onChange(row.columnId, { [flag]: e.target.checked })}
        />
      ),
    })),
    {
      title: t('codegen.column.queryType'),
      dataIndex: 'queryType',
      render: (_, row) => (
        <Select
          aria-label={label(row, 'queryType')}
          value={row.queryType}
          className="sb-gen-select"
          options={GEN_QUERY_TYPES.map((v) => ({ value: v, label: t(`codegen.queryTypes.${v}`) }))}
          onChange={(queryType) => onChange(row.columnId, { queryType })}
        />
      ),
    },
    {
      title: t('codegen.column.htmlType'),
      dataIndex: 'htmlType',
      render: (_, row) => (
        <Select
          aria-label={label(row, 'htmlType')}
          value={row.htmlType}
          className="sb-gen-select"
          options={GEN_HTML_TYPES.map((v) => ({ value: v, label: t(`codegen.htmlTypes.${v}`) }))}
          onChange={(htmlType) => onChange(row.columnId, { htmlType })}
        />
      ),
    },
    {
      title: t('codegen.column.dictType'),
      dataIndex: 'dictType',
      render: (_, row) =>
        withError(
          row,
          'dictType',
          <AutoComplete
            aria-label={label(row, 'dictType')}
            value={row.dictType}
            status={status(row, 'dictType')}
            className="sb-gen-select"
            disabled={!GEN_DICT_HTML_TYPES.includes(row.htmlType)}
            options={DICT_SUGGESTIONS}
            onChange={(dictType: string) => onChange(row.columnId, { dictType })}
          />,
        ),
    },
  ];

  return (
    <Table<GenColumn>
      rowKey="columnId"
      aria-label={t('codegen.columnsLabel')}
      size="small"
      columns={table}
      dataSource={columns}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
