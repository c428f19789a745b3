export * from './auth';
export * from './contact';
export * from './errors';
export * from './validation';
