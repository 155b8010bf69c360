/** Parameter augmentation: `innerThought` and `confidence` added to tool schemas, stripped before the tool runs. */
export type { AugmentationRecord, AugmentedField, AugmentedValues } from './augmented-tool';
export {
  AUGMENTED_FIELDS,
  AUGMENTED_PROPERTIES,
  augmentationOf,
  augmentDefinition,
  augmentSchema,
  augmentTool,
  isAugmented,
  splitAugmented,
} from './augmented-tool';
