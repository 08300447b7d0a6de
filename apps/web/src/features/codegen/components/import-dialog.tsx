import { useState } from 'react';
import { Empty, Flex, Form, Input, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GenDbTable } from '@sbuilding/shared';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { FilterBar } from '@/components/filter-bar';
import { feedback } from '@/lib/feedback';
import { useImportTables } from '../api/import-tables';
import { useDbTables } from '../api/list-db-tables';

interface Filter {
  tableName?: string;
  tableComment?: string;
}

/** Import from the database: the tables not yet imported, filtered, several at once. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [selected, setSelected] = useState<string[]>([]);
  const tables = useDbTables({ ...filter, ...page }, open);
  const importTables = useImportTables();

  const onOk = async () => {
    if (selected.length === 0) {
      feedback().message.warning(t('validation.selectOne'));
      return;
    }
    try {
      await importTables.mutateAsync(selected);
      feedback().message.success(t('codegen.imported', { count: selected.length }));
      setSelected([]);
      onClose();
    } catch {
      // The request client showed the message.
    }
  };

  return (
    <Modal
      open={open}
      title={t('codegen.importTitle')}
      width={800}
      okText={t('codegen.import')}
      cancelText={t('common.cancel')}
      confirmLoading={importTables.isPending}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        <FilterBar<Filter>
          name="genDbFilter"
          label={t('codegen.importTitle')}
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
        <Table<GenDbTable>
          rowKey="tableName"
          aria-label={t('codegen.dbTables')}
          size="small"
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
          }}
          columns={[
            { title: t('fields.tableName'), dataIndex: 'tableName' },
            { title: t('fields.tableComment'), dataIndex: 'tableComment', render: (v: string) => v || '—' },
          ]}
          dataSource={tables.data?.rows ?? []}
          loading={tables.isFetching}
          pagination={false}
          locale={{ emptyText: <Empty description={t('codegen.noDbTables')} /> }}
        />
        <ListPagination total={tables.data?.total ?? 0} page={page} onChange={setPage} />
      </Flex>
    </Modal>
  );
}
