/** E-invoices: the EN 16931 model, its writers and readers, readiness, preferences. */
export * from './model';
export * from './build';
export * from './ubl';
export * from './cii';
export * from './read';
export * from './readiness';
export * from './preference';
export * from './from-document';
export * from './write';
export * from './api';
export * from './from-credit-note';
export * from './of-document';
