/**
 * PDF documents: one layout for the server and the PWA. Import as
 * `@smb/shared-types/documents` — never from the package root, so schema users and the PWA's
 * main bundle do not pull in the PDF renderer.
 */
export * from './model';
export * from './format';
export * from './notes';
export * from './layout';
export * from './fonts';
export * from './build';
