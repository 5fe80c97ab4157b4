import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openApiDocument } from './document.ts';

// Two linters nobody here wrote, with their recommended rules, over the document the server
// publishes. Rules switched off are in redocly.yaml and .spectral.yaml, each with its reason.
const ROOT = resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);
const folder = mkdtempSync(join(tmpdir(), 'wanakt-openapi-'));
const documentFile = join(folder, 'openapi.json');
writeFileSync(documentFile, JSON.stringify(openApiDocument(), null, 2));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The linter's report on its standard output; a linter that found something exits non-zero, which is not a failure to run. */
async function lint(command: string, args: string[]): Promise<string> {
  // Redocly sends usage telemetry and checks for updates unless told not to.
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  try {
    return (await run(join(ROOT, 'node_modules/.bin', command), args, { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    if (!failed.stdout) throw new Error(`${command} did not run: ${failed.stderr ?? String(error)}`);
    return failed.stdout;
  }
}

describe('[OpenAPI lint] the published document passes Redocly and Spectral', () => {
  it('when Redocly lints it with its recommended rules, then it finds no error and no warning', async () => {
    const output = await lint('redocly', ['lint', documentFile, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json']);
    const { totals } = JSON.parse(output.slice(output.indexOf('{'))) as { totals: { errors: number; warnings: number; ignored: number } };
    console.log(`Redocly: ${totals.errors} errors, ${totals.warnings} warnings`);
    expect(totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('when Spectral lints it with its recommended rules, then it finds no error and no warning', async () => {
    const output = await lint('spectral', ['lint', documentFile, '--ruleset', join(ROOT, '.spectral.yaml'), '--format', 'json', '--quiet']);
    const findings = JSON.parse(output.slice(output.indexOf('['))) as { code: string; severity: number; path: string[]; message: string }[];
    const errors = findings.filter((finding) => finding.severity === 0);
    const warnings = findings.filter((finding) => finding.severity === 1);
    console.log(`Spectral: ${errors.length} errors, ${warnings.length} warnings`);
    expect(
      findings.filter((finding) => finding.severity <= 1).map((finding) => `${finding.code} ${finding.path.join('.')}: ${finding.message}`),
    ).toEqual([]);
  });
});
