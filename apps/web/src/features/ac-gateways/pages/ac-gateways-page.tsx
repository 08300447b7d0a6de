import { useState } from 'react';
import { Button, Card, Flex, Input, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { useCan } from '@/lib/permissions';
import { useCurrentProject } from '@/lib/current-project';
import { useAcDevices } from '../api/list-ac-devices';
import { GatewayTable } from '../components/gateway-table';
import { ProjectPage } from '@/components/project-page';

/** /zhGateway (AC management): the project's AC gateways and the indoor units behind each. */
export function AcGatewaysPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projectId = useCurrentProject();
  const canEdit = useCan('devices:write');
  const [name, setName] = useState('');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const gateways = useAcDevices({ projectId, model: 'cc10', name, ...paging }, projectId !== null);
  return (
    <ProjectPage title={t('routes.acManagement')} projectId={projectId}>
      {(projectId) => (
        <>
          <Card>
            <Flex vertical gap="middle">
              <Space wrap>
                <Input.Search
                  allowClear
                  aria-label={t('acGateways.search')}
                  placeholder={t('acGateways.search')}
                  enterButton={t('acGateways.searchButton')}
                  onSearch={(value) => {
                    setName(value.trim());
                    setPaging((p) => ({ ...p, pageNum: 1 }));
                  }}
                />
                {canEdit ? (
                  <Button
                    type="primary"
                    icon={<PlusOutlined />}
                    onClick={() => void navigate('/device/add?model=cc10')}
                  >
                    {t('acGateways.addGateway')}
                  </Button>
                ) : null}
              </Space>
              <GatewayTable
                rows={gateways.data?.rows ?? []}
                loading={gateways.isFetching}
                projectId={projectId}
              />
              <ListPagination
                total={gateways.data?.total ?? 0}
                {...paging}
                onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
              />
            </Flex>
          </Card>
        </>
      )}
    </ProjectPage>
  );
}

export default AcGatewaysPage;
