import { filterKeys } from './shared-template.js';
import { catalogueText, comment, str } from './escape.js';
import { lines, type Field, type Model } from './model.js';
import { feature, usesDict } from './web-fields.js';
import { webApiFiles } from './web-api-template.js';
import { webFormFile } from './web-form-template.js';

/** The console feature: its list page with the filter bar, its index, its catalogue entries; calls in web-api-template. */

export function webPageFile(m: Model): string {
  const C = m.className;
  const c = m.camel;
  const dictFields = [...m.listFields, ...m.queryFields].filter(usesDict);
  const dictTypes = [...new Set(dictFields.map((f) => f.column.dictType))];
  const filterItem = (f: Field) =>
    filterKeys(f).map((key) => {
      const label = `t('${c}.fields.${f.name}')${key === f.name ? '' : ` + ' ' + t('${c}.${key.endsWith('From') ? 'from' : 'to'}')`}`;
      let input: string;
      if (f.asText) input = `<Input allowClear inputMode="decimal" aria-label={${label}} />`;
      else if (f.kind === 'int' || f.kind === 'float') input = `<InputNumber aria-label={${label}} />`;
      else if (f.kind === 'bool')
        input = `<Select allowClear aria-label={${label}} className="sb-filter-select" options={[{ value: true, label: t('${c}.yes') }, { value: false, label: t('${c}.no') }]} />`;
      else if (usesDict(f))
        input = `<Select allowClear aria-label={${label}} className="sb-filter-select" options={dicts[${str(f.column.dictType)}] ?? []} />`;
      else if (f.kind === 'date') input = `<Input type="date" aria-label={${label}} />`;
      else if (f.kind === 'timestamp')
        input = `<Input aria-label={${label}} placeholder="2026-01-01T00:00:00Z" />`;
      else input = `<Input allowClear aria-label={${label}} placeholder={${label}} />`;
      return `          <Form.Item name="${key}" label={${label}}>\n            ${input}\n          </Form.Item>`;
    });
  const render = (f: Field) => {
    if (f.image)
      return `, render: (v: string | null, row) => (v && row.${f.name}Url ? <Image src={row.${f.name}Url} alt={t('${c}.fields.${f.name}')} width={48} preview={false} /> : '—')`;
    // Rich text is listed as its text: the markup is never put into the page.
    if (f.richText)
      return `, render: (v: string | null) => (v ? new DOMParser().parseFromString(v, 'text/html').body.textContent : '—')`;
    if (f.kind === 'bool') return `, render: (v: boolean) => t(v ? '${c}.yes' : '${c}.no')`;
    if (usesDict(f))
      return `, render: (v: string | null) => (v === null ? '—' : labelOf(dicts[${str(f.column.dictType)}] ?? [], v))`;
    if (f.kind === 'timestamp')
      return `, render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—')`;
    return '';
  };
  const hasTimestamp = m.listFields.some((f) => f.kind === 'timestamp');
  const tree = m.treeParent !== undefined;
  const filterItems = m.queryFields.flatMap(filterItem);
  const renders = m.listFields.map(render).join('\n');
  // The filter bar's controls are imported only when a filter uses them (the markup holds no free text).
  const controls = ['Input', 'InputNumber', 'Select'].filter((name) =>
    filterItems.some((item) => item.includes(`<${name} `)),
  );
  const antd = [
    'Button',
    'Card',
    'Empty',
    'Flex',
    'Form',
    ...(m.listFields.some((f) => f.image) ? ['Image'] : []),
    ...controls,
    'Popconfirm',
    'Space',
    'Table',
    'Typography',
  ].sort();
  const dictImports = [...(renders.includes('labelOf(') ? ['labelOf'] : []), 'useDict'];
  return lines(
    `import { ${tree ? 'useMemo, ' : ''}useState } from 'react';`,
    `import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';`,
    `import { ${antd.join(', ')}, type TableColumnsType } from 'antd';`,
    hasTimestamp ? `import dayjs from 'dayjs';` : null,
    `import { useTranslation } from 'react-i18next';`,
    `import type { ${C}, ${C}ListParams } from '@sbuilding/shared';`,
    tree
      ? `import { FIRST_PAGE } from '@/components/list-pagination';`
      : `import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';`,
    dictTypes.length > 0 ? `import { ${dictImports.join(', ')} } from '@/lib/dict';` : null,
    `import { useDelete${C} } from '../api/delete-${m.business}';`,
    `import { export${C} } from '../api/export-${m.business}';`,
    tree
      ? `import { toTree, use${C}Tree } from '../api/tree-${m.business}';`
      : `import { use${C}List } from '../api/list-${m.business}';`,
    `import { ${C}Form } from '../components/${m.business}-form';`,
    '',
    `type Filter = Omit<${C}ListParams, 'pageNum' | 'pageSize'>;`,
    '',
    `/** ${comment(m.functionName)}: the filter bar, the paged list, create, edit, delete and export. */`,
    `export default function ${C}Page() {`,
    '  const { t } = useTranslation();',
    '  const [filterForm] = Form.useForm<Filter>();',
    '  const [filter, setFilter] = useState<Filter>({});',
    tree
      ? lines(
          '  // A tree: every row of the tenant at once (each names its parent), no pages.',
          `  const list = use${C}Tree(filter);`,
          '  const rows = useMemo(() => toTree(list.data ?? []), [list.data]);',
        )
      : lines(
          '  const [page, setPage] = useState<PageState>(FIRST_PAGE);',
          `  const list = use${C}List({ ...filter, ...page });`,
        ),
    `  const remove = useDelete${C}();`,
    tree
      ? `  const [form, setForm] = useState<{ open: boolean; editing?: ${C}; parentId?: number | null }>({ open: false });`
      : `  const [form, setForm] = useState<{ open: boolean; editing?: ${C} }>({ open: false });`,
    dictTypes.length > 0
      ? lines(
          '  const dicts: Record<string, { value: string; label: string; listClass: string }[]> = {',
          ...dictTypes.map((d) => `    ${str(d)}: useDict(${str(d)}),`),
          '  };',
        )
      : null,
    '',
    `  const columns: TableColumnsType<${C}> = [`,
    ...m.listFields.map(
      (f) => `    { title: t('${c}.fields.${f.name}'), dataIndex: '${f.name}'${render(f)} },`,
    ),
    '    {',
    `      title: t('${c}.actions'),`,
    `      key: 'actions',`,
    '      render: (_, row) => (',
    '        <Space size={0}>',
    tree
      ? lines(
          '          <Button type="link" onClick={() => setForm({ open: true, parentId: row.id })}>',
          `            {t('${c}.addUnder')}`,
          '          </Button>',
        )
      : null,
    '          <Button type="link" onClick={() => setForm({ open: true, editing: row })}>',
    `            {t('${c}.edit')}`,
    '          </Button>',
    '          <Popconfirm',
    `            title={t('${c}.deleteConfirm', { id: row.id })}`,
    `            okText={t('common.ok')}`,
    `            cancelText={t('common.cancel')}`,
    '            onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}',
    '          >',
    '            <Button type="link" danger>',
    `              {t('${c}.delete')}`,
    '            </Button>',
    '          </Popconfirm>',
    '        </Space>',
    '      ),',
    '    },',
    '  ];',
    '',
    '  return (',
    `    <section className="sb-page" aria-labelledby="sb-${m.business}-title">`,
    `      <Typography.Title level={1} id="sb-${m.business}-title" className="sb-page-title">`,
    `        {t('routes.${c}')}`,
    '      </Typography.Title>',
    '      <Card>',
    '        <Flex vertical gap="middle">',
    `          <Form<Filter>`,
    '            form={filterForm}',
    '            layout="inline"',
    `            name="${c}Filter"`,
    '            onFinish={(values) => {',
    '              setFilter(values);',
    tree ? null : '              setPage(FIRST_PAGE);',
    '            }}',
    '          >',
    ...filterItems.map((s) => s.replace(/^ {10}/gm, '            ')),
    '            <Space>',
    '              <Button type="primary" htmlType="submit">',
    `                {t('${c}.search')}`,
    '              </Button>',
    '              <Button',
    '                onClick={() => {',
    '                  filterForm.resetFields();',
    '                  setFilter({});',
    tree ? null : '                  setPage(FIRST_PAGE);',
    '                }}',
    '              >',
    `                {t('${c}.reset')}`,
    '              </Button>',
    '            </Space>',
    '          </Form>',
    '          <Space>',
    '            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })}>',
    `              {t('${c}.create')}`,
    '            </Button>',
    '            <Button icon={<DownloadOutlined />} onClick={() => void export' +
      C +
      '({ ...filter, ...FIRST_PAGE })}>',
    `              {t('${c}.export')}`,
    '            </Button>',
    '          </Space>',
    `          <Table<${C}>`,
    '            rowKey="id"',
    `            aria-label={t('routes.${c}')}`,
    '            columns={columns}',
    tree ? '            dataSource={rows}' : '            dataSource={list.data?.rows ?? []}',
    '            loading={list.isFetching}',
    '            pagination={false}',
    `            scroll={{ x: 'max-content' }}`,
    `            locale={{ emptyText: <Empty description={t('${c}.empty')} /> }}`,
    '          />',
    tree ? null : '          <ListPagination total={list.data?.total ?? 0} page={page} onChange={setPage} />',
    '        </Flex>',
    '      </Card>',
    `      <${C}Form open={form.open} editing={form.editing}${tree ? ' parentId={form.parentId}' : ''} onClose={() => setForm({ open: false })} />`,
    '    </section>',
    '  );',
    '}',
    '',
  );
}

export function webIndexFile(m: Model): string {
  return lines(
    '/** The public surface of this feature. */',
    `export { use${m.className}List } from './api/list-${m.business}';`,
    '',
  );
}

/** The console's catalogue keys of the feature, in one language. */
/**
 * A Chinese phrase around a name that may not be Chinese (a function name typed in English): with a space
 * between the Chinese and the Latin words, as Chinese typesetting writes them ('新增 Work times', not
 * '新增Work times'; issue 34), and none around Chinese ('新增工单').
 */
function zhAround(before: string, name: string, after = ''): string {
  const latinStart = /^[\p{Script=Latin}\d]/u.test(name);
  const latinEnd = /[\p{Script=Latin}\d]$/u.test(name);
  return `${before}${before && latinStart ? ' ' : ''}${name}${after && latinEnd ? ' ' : ''}${after}`;
}

export function localeKeys(m: Model, lang: 'en' | 'zh'): Record<string, unknown> {
  const zh = lang === 'zh';
  const name = catalogueText(m.functionName);
  const labels = (fields: Field[]) => Object.fromEntries(fields.map((f) => [f.name, catalogueText(f.label)]));
  return {
    routes: { [m.camel]: name },
    [m.camel]: {
      create: zh ? '新增' : 'Add',
      createTitle: zh ? zhAround('新增', name) : `Add ${name}`,
      edit: zh ? '修改' : 'Edit',
      editTitle: zh ? zhAround('修改', name) : `Edit ${name}`,
      delete: zh ? '删除' : 'Delete',
      deleteConfirm: zh ? '确认删除编号为 {{id}} 的数据吗？' : 'Delete the row {{id}}?',
      export: zh ? '导出' : 'Export',
      search: zh ? '搜索' : 'Search',
      reset: zh ? '重置' : 'Reset',
      actions: zh ? '操作' : 'Actions',
      empty: zh ? '暂无数据' : 'No Data',
      yes: zh ? '是' : 'Yes',
      no: zh ? '否' : 'No',
      from: zh ? '起' : 'from',
      to: zh ? '止' : 'to',
      fields: labels(m.fields),
      ...(m.treeParent
        ? { addUnder: zh ? '新增下级' : 'Add under', root: zh ? '无（顶级）' : 'None (top level)' }
        : {}),
      ...(m.child
        ? {
            children: zh ? zhAround('', m.child.className, '明细') : `${m.child.className} rows`,
            addChild: zh ? '添加一行' : 'Add a row',
            removeChild: zh ? '删除第 {{n}} 行' : 'Remove row {{n}}',
            childFields: labels(m.child.fields),
          }
        : {}),
    },
  };
}

export function webFiles(m: Model): Record<string, string> {
  return {
    ...webApiFiles(m),
    [`${feature(m)}/components/${m.business}-form.tsx`]: webFormFile(m),
    [`${feature(m)}/pages/${m.business}-page.tsx`]: webPageFile(m),
    [`${feature(m)}/index.ts`]: webIndexFile(m),
  };
}
