import { useEffect, useRef, useState } from 'react';
import { App, Button, Flex, Form, Result, Space, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sceneCreateBodySchema, sceneSaveBodySchema, type Scene } from '@sbuilding/shared';
import { useCreateScene, useSaveScene } from '../api/save-scene';
import { ActionStep } from './action-step';
import { BasicStep } from './basic-step';
import { DoneStep } from './done-step';
import { ExplainDrawer } from './explain-drawer';
import { TriggerStep } from './trigger-step';
import { errorsOf, type WizardErrors } from './wizard-errors';
import { sceneFieldsOf, stepIssues, WIZARD_STEPS, type WizardValues } from './wizard-values';

export interface SceneWizardProps {
  projectId: number;
  /** The scene being edited (saved with its version); null creates one. */
  scene: Scene | null;
  initialValues: WizardValues;
  /**
   * The caller may look but not change scenes: the steps are shown disabled, Next only turns the page (no
   * checks), and there is no Save (the page says why).
   */
  readOnly?: boolean;
  /** Saved: the page shows what comes next (the wizard may be re-keyed by the reloaded scene). */
  onSaved: (scene: Scene) => void;
}

/**
 * The four steps of spec section 2 (basic info, trigger, execute action, done) over one form. Next checks
 * the step with the shared scene schema and stays, showing the section 5 messages, while it has errors;
 * an error of an earlier step (a zone needed by the vacant timeout) takes the wizard back to it.
 */
export function SceneWizard({
  projectId,
  scene,
  initialValues,
  readOnly = false,
  onSaved,
}: SceneWizardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<WizardValues>();
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<WizardErrors>({});
  const create = useCreateScene();
  const save = useSaveScene();
  const heading = useRef<HTMLSpanElement>(null);
  const moved = useRef(false);

  // Keyboard and screen reader users land on the new step's heading.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const values = (): WizardValues => ({ ...initialValues, ...form.getFieldsValue(true) });

  /** The first step up to `last` with errors (shown), or null when all are clean. */
  const check = (last: number): number | null => {
    const current = values();
    for (let i = 0; i <= last; i++) {
      const issues = stepIssues(current, WIZARD_STEPS[i] ?? 'done');
      if (issues.length > 0) {
        setErrors(errorsOf(issues));
        return i;
      }
    }
    setErrors({});
    return null;
  };

  const go = (next: number) => {
    moved.current = true;
    setStep(next);
  };

  const onNext = () => {
    const bad = check(step);
    if (bad !== null) {
      if (bad !== step) go(bad);
      return;
    }
    go(step + 1);
  };

  const onSave = async () => {
    const bad = check(2);
    if (bad !== null) {
      go(bad);
      return;
    }
    const fields = sceneFieldsOf(values());
    try {
      // The body as the shared schema shapes it (checked just above, so it parses).
      const result = scene
        ? await save.mutateAsync({
            id: scene.id,
            body: sceneSaveBodySchema.parse({ ...fields, version: scene.version }),
          })
        : await create.mutateAsync(sceneCreateBodySchema.parse({ projectId, ...fields }));
      message.success(t('sceneWizard.saved', { name: result.name }));
      onSaved(result);
    } catch {
      // Shown by the request client (409: the scene was changed elsewhere; it reloads).
    }
  };

  const stepTitles = WIZARD_STEPS.map((s) => t(`sceneWizard.steps.${s}`));
  const last = WIZARD_STEPS.length - 1;

  return (
    <Flex vertical gap="large">
      <Steps
        current={step}
        items={stepTitles.map((title) => ({ title }))}
        aria-label={t('sceneWizard.progress')}
      />
      <Typography.Title level={2} className="sb-form-section">
        <span ref={heading} tabIndex={-1}>
          {t('sceneWizard.stepOf', { n: step + 1, total: WIZARD_STEPS.length, name: stepTitles[step] })}
        </span>
      </Typography.Title>
      <Form<WizardValues>
        form={form}
        layout="vertical"
        name="scene-wizard"
        disabled={readOnly}
        initialValues={initialValues}
        onValuesChange={() => {
          // Once shown, the messages follow the edits.
          if (Object.keys(errors).length > 0 && step < last) {
            setErrors(errorsOf(stepIssues(values(), WIZARD_STEPS[step] ?? 'done')));
          }
        }}
        onFinish={() => {
          if (readOnly) return;
          if (step === last) void onSave();
          else onNext();
        }}
      >
        {step === 0 ? <BasicStep projectId={projectId} errors={errors} /> : null}
        {step === 1 ? <TriggerStep projectId={projectId} errors={errors} /> : null}
        {step === 2 ? <ActionStep projectId={projectId} errors={errors} /> : null}
        {step === 3 ? <DoneStep values={values()} /> : null}
        <Space>
          {step > 0 ? (
            // Not disabled with a read-only form: turning the pages is how its steps are read.
            <Button
              disabled={false}
              onClick={() => {
                setErrors({});
                go(step - 1);
              }}
            >
              {t('sceneWizard.back')}
            </Button>
          ) : null}
          {step < last && readOnly ? (
            <Button type="primary" disabled={false} onClick={() => go(step + 1)}>
              {t('sceneWizard.next')}
            </Button>
          ) : null}
          {step < last && !readOnly ? (
            <Button type="primary" htmlType="submit">
              {t('sceneWizard.next')}
            </Button>
          ) : null}
          {step === last && !readOnly ? (
            <Button type="primary" htmlType="submit" loading={create.isPending || save.isPending}>
              {t('common.save')}
            </Button>
          ) : null}
          {readOnly ? null : <Link to="/scene">{t('common.cancel')}</Link>}
        </Space>
      </Form>
    </Flex>
  );
}

/** After saving: where to go next, the list or what the scene would do now. */
export function SceneSaved({ scene }: { scene: Scene }) {
  const { t } = useTranslation();
  const [explained, setExplained] = useState<Scene | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <Result
        status="success"
        title={
          <h2 ref={heading} tabIndex={-1} className="sb-scene-step-heading">
            {t('sceneWizard.saved', { name: scene.name })}
          </h2>
        }
        extra={
          <Space wrap>
            <Link to="/scene">{t('sceneWizard.toList')}</Link>
            <Button onClick={() => setExplained(scene)}>{t('scenes.explainNow')}</Button>
          </Space>
        }
      />
      <ExplainDrawer scene={explained} onClose={() => setExplained(null)} />
    </>
  );
}
