import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'smb-config-'));

describe('configuration', () => {
  it('has working defaults: port 3000, embedded database, dev mailbox, a generated secret kept in DATA_DIR', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      smtpUrl: undefined,
      appOrigin: 'http://localhost:3000',
    });
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be a whole number from 0 to 65535/],
    [
      { DATABASE_URL: 'mysql://x' },
      /DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//,
    ],
    [{ SMTP_URL: 'not a url' }, /SMTP_URL is not a valid URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ APP_ORIGIN: 'ftp://x' }, /APP_ORIGIN must start with http:\/\/ or https:\/\//],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });
});
