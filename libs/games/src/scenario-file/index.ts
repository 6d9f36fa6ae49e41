export * from './scenario-file-invalid.error';
export * from './parse-scenario-file';
export * from './scenario-file.dto';
export * from './game-setup.dto';
export * from './json-shape.check';
export { type NestedDto, nestedDtoOf } from './field.decorators';
export { CLASS_LEVEL } from './class-rules.decorators';
