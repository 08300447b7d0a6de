import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sceneCreateBodySchema } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../test/app.js';
import { as } from '../test/tenants.js';
import { demoProjectId } from '../test/device-import.js';
import { parseOr400, RequestValidationError, validationMessage } from './validate.js';
import { langOf } from './i18n/index.js';

/**
 * Every field a validation message names is its label in the request's language, as its form labels it:
 * the examples people met (issue 18), each through the real route.
 */
let t: TestApp;
let en: ReturnType<typeof as>;
let zh: ReturnType<typeof as>;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const token = await t.login('manager', 'manager123');
  en = as(t, token);
  zh = as(t, token, 'ZH');
  projectId = await demoProjectId(t, token);
});
afterAll(() => t.close());

describe('validation messages name the field by its label', () => {
  it("names the control log's terminal filter 'Terminal source'", async () => {
    const body = { projectId, pageNum: 1, pageSize: 10, terminal: 'bogus' };
    expect((await en('POST', '/sbuilding/control-log/getList', body)).json().msg).toBe(
      'Terminal source is invalid',
    );
    expect((await zh('POST', '/sbuilding/control-log/getList', body)).json().msg).toBe('终端来源格式不正确');
  });

  it("names the energy board's period, required when it is missing", async () => {
    const url = `/sbuilding/board/energy/summary?projectId=${projectId}`;
    expect((await en('GET', `${url}&period=FORTNIGHT`)).json().msg).toBe('Period is invalid');
    expect((await en('GET', url)).json().msg).toBe('Period is required');
    expect((await zh('GET', url)).json().msg).toBe('周期不能为空');
  });

  it("names the scene week's first day 'Start date', not a mail sender's address", async () => {
    const res = await en('POST', '/sbuilding/scene/week', { projectId });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Start date is required');
    expect((await zh('POST', '/sbuilding/scene/week', { projectId })).json().msg).toBe('开始日期不能为空');
  });

  it("names a scene condition's operator 'Operator' (spec section 5: property, operator and value required)", () => {
    const message = (body: unknown, lang: 'EN' | 'ZH') => {
      try {
        parseOr400(sceneCreateBodySchema, body);
      } catch (error) {
        if (error instanceof RequestValidationError)
          return validationMessage(lang, error.issues, error.context);
      }
      return 'valid';
    };
    const scene = {
      projectId: 1,
      name: 'Lights off',
      triggerType: 'device',
      category: 'light',
      conditions: [{ source: 'device', deviceId: 1, property: 'pir', value: 0 }],
      targets: [{ kind: 'device', id: 2 }],
      actions: [{ method: 'setOnOff', params: { onOff: false } }],
    };
    expect(message(scene, 'EN')).toBe('Operator is required');
    expect(message(scene, 'ZH')).toBe('运算符不能为空');
  });

  it("names a threshold rule's operator 'Condition', as the rule form does", async () => {
    const res = await en('POST', '/sbuilding/alert/rule/add', {
      projectId,
      name: 'Too warm',
      model: 'th10',
      telemetryKey: 'temperature',
      threshold: 30,
      level: 'general',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Condition is required');
  });

  it('names the sender of the SMTP settings From address', async () => {
    const admin = as(t, await t.login('admin', 'admin123'));
    const res = await admin('PUT', '/system/config/smtp', { host: 'smtp.example.com', port: 25 });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('From address is required');
  });
});

describe('the request language', () => {
  it('takes the usual spellings of Chinese in the Lang header', async () => {
    for (const lang of ['ZH', 'zh', 'zh-CN', 'zh_CN', 'zh-Hans', 'zh-Hans-CN', 'zh-cn,zh;q=0.9']) {
      const res = await t.app.inject({ method: 'GET', url: '/getInfo', headers: { lang } });
      expect(res.json().msg, lang).toBe('认证失败，无法访问系统资源');
    }
    for (const lang of ['EN', 'en-US', 'en', 'fr', '']) expect(langOf(lang), lang).toBe('EN');
  });
});
