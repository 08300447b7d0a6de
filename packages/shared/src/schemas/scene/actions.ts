import { z } from 'zod';
import { DEVICE_MODELS } from '../../devices/models.js';
import {
  COMMAND_METHODS,
  MODEL_IDS,
  type CommandMethod,
  type DeviceCategory,
  type ModelId,
} from '../../devices/types.js';
import { idSchema, requiredEnum } from '../fields.js';
import { requiredOrInvalid } from './inputs.js';

/* What a scene does: its targets (devices or groups) and the commands it sends them. */

export const SCENE_TARGETS_MAX = 200;
export const SCENE_ACTIONS_MAX = 10;

export const SCENE_TARGET_KINDS = ['device', 'group'] as const;
export const sceneTargetSchema = z.object({
  kind: requiredEnum(SCENE_TARGET_KINDS),
  id: idSchema,
});
export type SceneTarget = z.infer<typeof sceneTargetSchema>;

export const sceneActionSchema = z.object({
  method: z.enum(COMMAND_METHODS, { error: requiredOrInvalid }),
  params: z.record(z.string(), z.unknown(), { error: 'invalid' }).optional().default({}),
});
export type SceneAction = z.infer<typeof sceneActionSchema>;

/** The models of a category that take a command. */
export function modelsWithCommand(category: DeviceCategory, method: CommandMethod): ModelId[] {
  return MODEL_IDS.filter(
    (id) =>
      DEVICE_MODELS[id].category === category && DEVICE_MODELS[id].commands.some((c) => c.method === method),
  );
}
