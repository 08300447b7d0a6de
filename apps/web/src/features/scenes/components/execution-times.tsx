import { useState } from 'react';
import { Button, Flex, Input, Space } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TIME_OF_DAY } from '@sbuilding/shared';
import { validationMessage } from '@/lib/form-rules';

export interface ExecutionTimesProps {
  id?: string;
  /** Injected by the Form.Item. */
  value?: string[];
  onChange?: (times: string[]) => void;
}

/**
 * The execution times (HH:mm): typed and added one by one, each removable. A time already there is
 * refused with 'ExecuteTime is exist !' (spec section 5), the shared schema says it again on Next.
 */
export function ExecutionTimes({ id, value = [], onChange }: ExecutionTimesProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const time = draft.trim();
    if (!TIME_OF_DAY.test(time)) {
      setProblem(validationMessage(time ? 'invalid' : 'required', 'executionTimes'));
      return;
    }
    if (value.includes(time)) {
      setProblem(validationMessage('executeTimeExists', 'executionTimes'));
      return;
    }
    setProblem(null);
    setDraft('');
    onChange?.([...value, time].sort());
  };

  return (
    <Flex vertical gap="small">
      <Space wrap>
        <Input
          id={id}
          placeholder="HH:mm"
          maxLength={5}
          style={{ width: 120 }}
          value={draft}
          status={problem ? 'error' : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={(e) => {
            // Enter adds the time; it does not move the wizard on.
            e.preventDefault();
            add();
          }}
        />
        <Button onClick={add}>{t('sceneWizard.addTime')}</Button>
      </Space>
      {problem ? (
        <div role="alert" className="ant-form-item-explain-error">
          {problem}
        </div>
      ) : null}
      <Space wrap aria-label={t('sceneWizard.timesChosen')} role="list">
        {value.map((time, i) => (
          <span role="listitem" key={`${time}-${i}`}>
            <Button
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('sceneWizard.removeTime', { time })}
              onClick={() => onChange?.(value.filter((_, j) => j !== i))}
            >
              {time}
            </Button>
          </span>
        ))}
      </Space>
    </Flex>
  );
}
