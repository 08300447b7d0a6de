/*
 * Scenes (spec section 3 Scene, section 5 Scene rules, section 9 operators and properties): what the
 * operator sets up for the building to do by itself. The engine (apps/server/src/modules/scenes) reads
 * exactly these fields. The parts live in ./scene/ (conditions, actions, timing, the body, runs; see its
 * README); this file is their one entry and exports only what importers use.
 */
export {
  SCENE_ACTIONS_MAX,
  SCENE_TARGET_KINDS,
  SCENE_TARGETS_MAX,
  modelsWithCommand,
  sceneActionSchema,
  sceneTargetSchema,
  type SceneAction,
  type SceneTarget,
} from './scene/actions.js';
export {
  CONDITION_TRIGGERS,
  SCENE_TRIGGER_TYPES,
  TIMED_TRIGGERS,
  sceneCreateBodySchema,
  sceneEnableBodySchema,
  sceneListBodySchema,
  sceneSaveBodySchema,
  sceneSchema,
  type Scene,
  type SceneCreateBody,
  type SceneDefinition,
  type SceneListBody,
  type SceneListFilter,
  type SceneSaveBody,
  type SceneTriggerType,
} from './scene/body.js';
export {
  CONDITION_SOURCES,
  DEVICE_PROPERTIES,
  DEVICE_PROPERTY_KEYS,
  SCENE_RELATIONSHIPS,
  WEATHER_PROPERTIES,
  isDeviceProperty,
  isWeatherProperty,
  sceneConditionSchema,
  type ConditionOperator,
  type ConditionSource,
  type DeviceProperty,
  type SceneCondition,
  type SceneRelationship,
  type WeatherProperty,
} from './scene/conditions.js';
export {
  SCENE_REASONS,
  SCENE_RUN_OUTCOMES,
  SCENE_RUN_TRIGGERS,
  sceneCheckSchema,
  sceneCommandResultSchema,
  sceneConditionResultSchema,
  sceneExplanationSchema,
  scenePlannedCommandSchema,
  sceneTargetExplanationSchema,
  sceneTriggerStateSchema,
  SCENE_TARGET_STATUSES,
  sceneRunListBodySchema,
  sceneRunSchema,
  type SceneCheck,
  type SceneCommandResult,
  type SceneConditionResult,
  type SceneExplanation,
  type ScenePlannedCommand,
  type SceneTargetExplanation,
  type SceneTargetStatus,
  type SceneTriggerState,
  type SceneReason,
  type SceneRun,
  type SceneRunFilter,
  type SceneRunListBody,
  type SceneRunOutcome,
  type SceneRunTrigger,
} from './scene/runs.js';
export { SCENE_AUX_CONDITIONS, SCENE_EXECUTION_TIMES_MAX, type SceneAuxCondition } from './scene/timing.js';
