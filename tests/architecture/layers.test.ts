// The layers of the architecture are kept by ESLint's no-restricted-imports rules (eslint.config.js),
// so `npm run lint` fails on an import that crosses one. Each case lints a line of code as if it
// stood in a file of that folder, with the project's own configuration.
import { build } from 'esbuild';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({
  // The files named below do not exist, so they are linted without the type-aware project
  // service, and with the one rule that needs no types.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('layer rules', () => {
  const cases: { file: string; code: string; allowed: boolean }[] = [
    {
      file: 'src/client/components/Probe.tsx',
      code: "import { startServer } from '../../server/app';",
      allowed: false,
    },
    {
      file: 'src/client/components/Probe.tsx',
      code: "import type { AppRouter } from '../../server/routers/_app';",
      allowed: true,
    },
    {
      file: 'src/client/components/Probe.tsx',
      code: "import { readWorkbook } from '../../engine/read/read-workbook';",
      allowed: false,
    },
    {
      file: 'src/client/components/Probe.tsx',
      code: "import { FILE_FORMATS } from '../../engine/browser';",
      allowed: true,
    },
    { file: 'src/engine/read/probe.ts', code: "import express from 'express';", allowed: false },
    {
      file: 'src/engine/read/probe.ts',
      code: "import { readFileSync } from 'node:fs';",
      allowed: false,
    },
    {
      file: 'src/engine/read/probe.ts',
      code: "import { datasetView } from '../../server/dataset-view';",
      allowed: false,
    },
    {
      file: 'src/engine/write/probe.ts',
      code: "import { deflateRawSync } from '../platform/zlib';",
      allowed: true,
    },
    {
      file: 'src/server/routers/probe.ts',
      code: "import { detectColumn } from '../../engine/detect/column';",
      allowed: false,
    },
    {
      file: 'src/server/routers/probe.ts',
      code: "import { detectSchema } from '../../engine';",
      allowed: true,
    },
    {
      file: 'src/cli/commands/probe.ts',
      code: "import { detectSchema } from '../../engine';",
      allowed: true,
    },
    {
      file: 'src/cli/commands/probe.ts',
      code: "import { detectColumn } from '../../engine/detect/column';",
      allowed: false,
    },
    {
      file: 'src/cli/commands/probe.ts',
      code: "import { renderReportHtml } from '../../server/report-html';",
      allowed: true,
    },
    {
      file: 'src/cli/commands/probe.ts',
      code: "import { startServer } from '../../server/app';",
      allowed: false,
    },
    { file: 'src/cli/probe.ts', code: "import express from 'express';", allowed: false },
  ];
  for (const { file, code, allowed } of cases) {
    it(`${allowed ? 'allows' : 'refuses'} in ${file}: ${code}`, async () => {
      const errors = await importErrors(file, code);
      if (allowed) expect(errors).toEqual([]);
      else expect(errors).toHaveLength(1);
    });
  }
});

describe('browser entry of the engine', () => {
  it('bundles for the browser without reaching a platform module', async () => {
    const result = await build({
      entryPoints: ['src/engine/browser.ts'],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain('src/engine/types.ts');
    expect(inputs.filter((input) => input.includes('engine/platform/'))).toEqual([]);
  });
});
