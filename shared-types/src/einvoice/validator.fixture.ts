/**
 * The official e-invoice validator beside the repository (`../shared/einvoice`: CEN EN 16931,
 * Peppol, KoSIT XRechnung and Factur-X rules run by Saxon on Java), for the tests. Its
 * `setup.sh` installs what it needs from Debian; without it the tests fail saying so.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const HOME = path.resolve(import.meta.dirname, '../../../../shared/einvoice');
const run = promisify(execFile);

export type ValidatedFormat = 'peppol' | 'xrechnung' | 'facturx';

export interface Verdict {
  valid: boolean;
  errors: string[];
  warnings: number;
}

/** Throws, with the command that fixes it, when the validator or its tools are missing. */
export async function assertValidatorInstalled(): Promise<void> {
  const missing = [
    existsSync(path.join(HOME, 'validate.sh')) ? null : `${HOME}/validate.sh`,
    existsSync('/usr/share/java/Saxon-HE.jar') ? null : 'Saxon-HE',
    ...(await Promise.all(
      ['java', 'xmllint', 'xmlstarlet', 'pdfdetach'].map((tool) =>
        run('sh', ['-c', `command -v ${tool}`]).then(
          () => null,
          () => tool,
        ),
      ),
    )),
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new Error(
      `The e-invoice validator is not installed (missing: ${missing.join(', ')}). Run: bash ../shared/einvoice/setup.sh`,
    );
  }
}

function verdictOf(stdout: string): Verdict {
  const findings = stdout.split('\n').filter((l) => l.includes('\t') && !l.startsWith('RESULT'));
  const errors = findings.filter((l) => /\t(fatal|error)\t/.test(l));
  return {
    valid: /^RESULT\tVALID/m.test(stdout),
    errors,
    warnings: findings.length - errors.length,
  };
}

/** Exit 1 is a verdict (invalid); anything else the validator could not run. */
async function runValidator(args: string[]): Promise<string> {
  const result = await run('bash', args).catch((error: { stdout?: string; code?: number }) => {
    if (error.code !== 1) throw error;
    return { stdout: error.stdout ?? '' };
  });
  return result.stdout;
}

export async function validateXml(xml: string, format: ValidatedFormat): Promise<Verdict> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'einvoice-')), 'invoice.xml');
  writeFileSync(file, xml);
  return verdictOf(
    await runValidator([path.join(HOME, 'validate.sh'), '--tsv', `--${format}`, file]),
  );
}

/** Extracts the XML of a Factur-X PDF and validates it with the Factur-X rules. */
export async function validateFacturXPdf(pdfFile: string): Promise<Verdict> {
  return verdictOf(await runValidator([path.join(HOME, 'extract-facturx.sh'), '--tsv', pdfFile]));
}
