import { useState } from 'react';
import { DeleteOutlined, DownloadOutlined, ImportOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Popconfirm,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import { Link } from 'react-router';
import type { GenTable } from '@sbuilding/shared';
import { FilterBar } from '@/components/filter-bar';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { feedback } from '@/lib/feedback';
import { useDeleteGenTables } from '../api/delete-gen-tables';
import { downloadGenCode } from '../api/download-gen-code';
import { useGenTables } from '../api/list-gen-tables';
import { useSyncGenTable } from '../api/sync-gen-table';
import { ImportDialog } from '../components/import-dialog';
import { PreviewModal } from '../components/preview-modal';
import './codegen.css';

interface Filter {
  tableName?: string;
  tableComment?: string;
}

/** /tool/gen: the imported tables; import, edit, preview, download, synchronise, delete. */
export default function GenListPage() {
  const { t } = useTranslation();
  const times = useProjectTime();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [selected, setSelected] = useState<GenTable[]>([]);
  const [importing, setImporting] = useState(false);
  const [previewing, setPreviewing] = useState<number>();
  const list = useGenTables({ ...filter, ...page });
  const remove = useDeleteGenTables();
  const sync = useSyncGenTable();

  const download = (names: string[]) => {
    if (names.length === 0) {
      feedback().message.warning(t('validation.selectOne'));
      return;
    }
    void downloadGenCode(names).catch(() => undefined);
  };
  const onSync = async (row: GenTable) => {
    try {
      const result = await sync.mutateAsync(row.tableName);
      feedback().message.success(
        t('codegen.synced', { added: result.added.length, removed: result.removed.length }),
      );
    } catch {
      // The request client showed the message.
    }
  };
  const onDelete = async (ids: number[]) => {
    try {
      await remove.mutateAsync(ids);
      setSelected([]);
    } catch {
      // The request client showed the message.
    }
  };

  const columns: TableColumnsType<GenTable> = [
    { title: t('fields.tableName'), dataIndex: 'tableName' },
    { title: t('fields.tableComment'), dataIndex: 'tableComment', render: (v: string) => v || '—' },
    { title: t('fields.className'), dataIndex: 'className' },
    {
      title: times.titled(t('fields.createTime')),
      dataIndex: 'createTime',
      render: (v: string) => times.format(v),
    },
    {
      title: times.titled(t('fields.updateTime')),
      dataIndex: 'updateTime',
      render: (v: string) => times.format(v),
    },
    {
      title: t('codegen.actions'),
      key: 'actions',
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" onClick={() => setPreviewing(row.tableId)}>
            {t('codegen.preview')}
          </Button>
          <Link to={`/gen/edit/${row.tableId}`} className="ant-btn ant-btn-link">
            {t('codegen.edit')}
          </Link>
          <Popconfirm
            title={t('codegen.deleteConfirm', { name: row.tableName })}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() => onDelete([row.tableId])}
          >
            <Button type="link" danger>
              {t('codegen.delete')}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t('codegen.syncConfirm', { name: row.tableName })}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() => onSync(row)}
          >
            <Button type="link">{t('codegen.sync')}</Button>
          </Popconfirm>
          <Button type="link" onClick={() => download([row.tableName])}>
            {t('codegen.download')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <section className="sb-page" aria-labelledby="sb-gen-title">
      <Typography.Title level={1} id="sb-gen-title" className="sb-page-title">
        {t('routes.gen')}
      </Typography.Title>
      <Card>
        <Flex vertical gap="middle">
          <FilterBar<Filter>
            name="genFilter"
            label={t('routes.gen')}
            searchText={t('codegen.search')}
            resetText={t('codegen.reset')}
            onFinish={(values) => {
              setFilter(values);
              setPage(FIRST_PAGE);
            }}
            onReset={() => {
              setFilter({});
              setPage(FIRST_PAGE);
            }}
          >
            <Form.Item name="tableName" label={t('fields.tableName')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="tableComment" label={t('fields.tableComment')}>
              <Input allowClear />
            </Form.Item>
          </FilterBar>
          <Space wrap>
            <Button type="primary" icon={<ImportOutlined />} onClick={() => setImporting(true)}>
              {t('codegen.import')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => download(selected.map((r) => r.tableName))}>
              {t('codegen.generate')}
            </Button>
            <Popconfirm
              title={t('codegen.deleteSelectedConfirm', { count: selected.length })}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              disabled={selected.length === 0}
              onConfirm={() => onDelete(selected.map((r) => r.tableId))}
            >
              <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0}>
                {t('codegen.delete')}
              </Button>
            </Popconfirm>
          </Space>
          <Table<GenTable>
            rowKey="tableId"
            aria-label={t('codegen.tableLabel')}
            rowSelection={{
              selectedRowKeys: selected.map((r) => r.tableId),
              onChange: (_, rows) => setSelected(rows),
            }}
            columns={columns}
            dataSource={list.data?.rows ?? []}
            loading={list.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={t('codegen.empty')} /> }}
          />
          <ListPagination total={list.data?.total ?? 0} page={page} onChange={setPage} />
        </Flex>
      </Card>
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
      <PreviewModal tableId={previewing} onClose={() => setPreviewing(undefined)} />
    </section>
  );
}
