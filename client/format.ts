export * from '../schema/format.ts';
