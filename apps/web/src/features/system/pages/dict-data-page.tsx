import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import {
  Badge,
  Button,
  Card,
  Empty,
  Flex,
  Popconfirm,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { SysDictData } from '@sbuilding/shared';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { dictLabelIn } from '@/lib/dict';
import { useCan } from '@/lib/permissions';
import { useDeleteDictData } from '../api/delete-dict-data';
import { useDictDataRow } from '../api/get-dict-data';
import { useDictDataList } from '../api/list-dict-data';
import { DictDataForm } from '../components/dict-data-form';
import './dict-data-page.css';

/**
 * The dictionary a /dict/type/data/{dictId} names. The id is numeric (spec section 2; the route guard
 * refuses anything else): the dictCode of one of its rows, since a dictionary here is its rows' type
 * (there is no dictionary-type table). Every row of that row's type is listed.
 */
function useDictType(dictId: string): { dictType: string | undefined; unknown: boolean } {
  const dictCode = /^\d+$/.test(dictId) ? Number(dictId) : undefined;
  const row = useDictDataRow(dictCode);
  if (dictCode === undefined) return { dictType: undefined, unknown: true };
  return { dictType: row.data?.dictType, unknown: row.isError };
}

/** /dict/type/data/{dictId}: one dictionary's rows; the platform administrator edits them. */
export default function DictDataPage() {
  const { t, i18n } = useTranslation();
  const { dictId = '' } = useParams();
  const { dictType, unknown } = useDictType(dictId);
  const canEdit = useCan('reference:write');
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const list = useDictDataList({ dictType: dictType ?? '', ...page }, dictType !== undefined);
  const remove = useDeleteDictData();
  const [form, setForm] = useState<{ open: boolean; editing?: SysDictData }>({ open: false });

  const columns: TableColumnsType<SysDictData> = [
    { title: t('fields.dictLabel'), dataIndex: 'dictLabel' },
    { title: t('fields.dictLabelZh'), dataIndex: 'dictLabelZh', render: (v: string) => v || '—' },
    { title: t('fields.dictValue'), dataIndex: 'dictValue' },
    { title: t('fields.dictSort'), dataIndex: 'dictSort' },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      render: (v: '0' | '1') => (
        <Badge status={v === '0' ? 'success' : 'error'} text={t(`dictData.statuses.${v}`)} />
      ),
    },
    {
      title: t('dictData.isDefault'),
      dataIndex: 'isDefault',
      render: (v: 'Y' | 'N') => t(v === 'Y' ? 'dictData.yes' : 'dictData.no'),
    },
    { title: t('fields.remark'), dataIndex: 'remark', render: (v: string) => v || '—' },
  ];
  if (canEdit) {
    columns.push({
      title: t('dictData.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" onClick={() => setForm({ open: true, editing: row })}>
            {t('dictData.edit')}
          </Button>
          <Popconfirm
            title={t('dictData.deleteConfirm', { name: dictLabelIn(row, i18n.language) })}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() => remove.mutateAsync(row.dictCode).catch(() => undefined)}
          >
            <Button type="link" danger>
              {t('dictData.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <section className="sb-page" aria-labelledby="sb-dict-data-title">
      <Typography.Title level={1} id="sb-dict-data-title" className="sb-page-title">
        {t('routes.dictData')}
        {dictType && (
          <>
            {' '}
            <Typography.Text code>{dictType}</Typography.Text>
          </>
        )}
      </Typography.Title>
      <Card>
        {unknown ? (
          <Empty description={t('dictData.unknown')} />
        ) : (
          <Flex vertical gap="middle">
            {canEdit && dictType && (
              <div>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })}>
                  {t('dictData.create')}
                </Button>
              </div>
            )}
            <Table<SysDictData>
              rowKey="dictCode"
              aria-label={t('dictData.tableLabel', { type: dictType ?? dictId })}
              columns={columns}
              dataSource={list.data?.rows ?? []}
              loading={list.isFetching}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <Empty description={t('dictData.empty')} /> }}
            />
            <ListPagination total={list.data?.total ?? 0} page={page} onChange={setPage} />
          </Flex>
        )}
      </Card>
      {canEdit && dictType && (
        <DictDataForm
          dictType={dictType}
          open={form.open}
          editing={form.editing}
          onClose={() => setForm({ open: false })}
        />
      )}
    </section>
  );
}
