// Every TF op the converter understands, by op name. An op missing here fails the conversion
// with its name, so a new model's needs show up at once.
import type { OpMapper } from '../context.ts';
import { activationMappers } from './activation.ts';
import { binaryMappers } from './binary.ts';
import { convMappers } from './conv.ts';
import { denseMappers } from './dense.ts';
import { shapeMappers } from './shape.ts';

export const OP_MAPPERS: Readonly<Record<string, OpMapper>> = {
  ...activationMappers,
  ...binaryMappers,
  ...convMappers,
  ...denseMappers,
  ...shapeMappers,
};
