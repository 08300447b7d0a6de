import { Flex, Skeleton } from 'antd';
import { useCan } from '@/lib/permissions';
import { useFddRules } from '../api/rules';
import { RuleCard } from './rule-card';

/** The rules tab: one card per rule; those who only read see the settings without Save. */
export function RulesPanel({ projectId }: { projectId: number }) {
  const canWrite = useCan('faults:write');
  const rules = useFddRules(projectId);
  if (!rules.data) return <Skeleton active />;
  return (
    <Flex vertical gap="middle">
      {rules.data.map((setting) => (
        <RuleCard key={setting.rule} projectId={projectId} setting={setting} canWrite={canWrite} />
      ))}
    </Flex>
  );
}
